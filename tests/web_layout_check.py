#!/usr/bin/env python3
"""Compares the page's screenshot with the native export of the same step (tests/web_test.sh).

  web_layout_check.py PAGE.png NATIVE.png

Passes when the page shows the case where the desktop shows it: the picture is not blank, the invariant
badge's red area is there and in the same place, and the ink (what is not background) covers the same
cells of a coarse grid (text is rasterised differently in the page, so pixels are not compared). The
page's own buttons in the bottom right corner are left out. Prints what it measured; exits 1 on a
difference. Reads 8-bit RGB and RGBA PNG files with the standard library only.
"""
import struct
import sys
import zlib


def read_png(path):
    data = open(path, 'rb').read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        raise ValueError(path + ': not a PNG file')
    offset, chunks, header = 8, [], None
    while offset < len(data):
        length, kind = struct.unpack('>I4s', data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b'IHDR':
            header = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            chunks.append(body)
        offset += 12 + length
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace:
        raise ValueError(path + ': only 8-bit RGB or RGBA PNG files without interlace are read')
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(b''.join(chunks))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + ((left + up) >> 1)) & 255
            elif kind == 4:
                estimate = left + up - corner
                distances = (abs(estimate - left), abs(estimate - up), abs(estimate - corner))
                best = (left, up, corner)[distances.index(min(distances))]
                line[x] = (line[x] + best) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, channels)])
        previous = line
    return width, height, rows


def background(rows):
    counts = {}
    for row in rows[::7]:
        for pixel in row[::7]:
            counts[pixel] = counts.get(pixel, 0) + 1
    return max(counts, key=counts.get)


def is_badge_red(pixel):  # the broken badge's fill and border: red well above green and blue
    r, g, b = pixel
    return r > 180 and r - g > 25 and r - b > 25


def badge_box(rows):
    xs, ys = [], []
    for y, row in enumerate(rows):
        for x, pixel in enumerate(row):
            if is_badge_red(pixel):
                xs.append(x)
                ys.append(y)
    if len(xs) < 1500:
        return None, len(xs)
    xs.sort()
    ys.sort()
    # The middle 90% of the red pixels: a red timeline cursor or a red word elsewhere moves no edge.
    cut = len(xs) // 20
    return (xs[cut], ys[cut], xs[-cut - 1], ys[-cut - 1]), len(xs)


def ink_grid(width, height, rows, columns=32, lines=18):
    paper = background(rows)
    grid = []
    for j in range(lines):
        for i in range(columns):
            x0, x1 = i * width // columns, (i + 1) * width // columns
            y0, y1 = j * height // lines, (j + 1) * height // lines
            inked = total = 0
            for y in range(y0, y1, 2):
                for x in range(x0, x1, 2):
                    total += 1
                    if sum(abs(a - b) for a, b in zip(rows[y][x], paper)) > 60:
                        inked += 1
            grid.append(inked / total > 0.02)
    return grid


def main():
    page_path, native_path = sys.argv[1], sys.argv[2]
    page_width, page_height, page = read_png(page_path)
    native_width, native_height, native = read_png(native_path)
    failures = []
    if (page_width, page_height) != (native_width, native_height):
        failures.append(f'sizes differ: page {page_width}x{page_height}, native {native_width}x{native_height}')
        print('\n'.join(failures))
        return 1
    paper = background(page)
    inked = sum(1 for row in page[::4] for pixel in row[::4] if sum(abs(a - b) for a, b in zip(pixel, paper)) > 60)
    inked_share = inked / (len(page[::4]) * len(page[0][::4]))
    print(f'page: {inked_share:.1%} of the picture is not background')
    if inked_share < 0.05:
        failures.append('the page is blank')
    page_box, page_red = badge_box(page)
    native_box, native_red = badge_box(native)
    print(f'badge red pixels: page {page_red} at {page_box}, native {native_red} at {native_box}')
    if not native_box:
        failures.append('the native export shows no broken badge (a wrong reference picture)')
    elif not page_box:
        failures.append('the page shows no broken badge')
    else:
        page_center = ((page_box[0] + page_box[2]) / 2, (page_box[1] + page_box[3]) / 2)
        native_center = ((native_box[0] + native_box[2]) / 2, (native_box[1] + native_box[3]) / 2)
        if abs(page_center[0] - native_center[0]) > 0.03 * page_width or \
           abs(page_center[1] - native_center[1]) > 0.03 * page_height:
            failures.append(f'the badge is at {page_center}, the desktop draws it at {native_center}')
    columns, lines = 32, 18
    page_grid = ink_grid(page_width, page_height, page, columns, lines)
    native_grid = ink_grid(native_width, native_height, native, columns, lines)
    compared = agreeing = 0
    for index, (a, b) in enumerate(zip(page_grid, native_grid)):
        i, j = index % columns, index // columns
        if i >= columns - 5 and j >= lines - 2:
            continue  # the page's Copy link and Open buttons
        compared += 1
        agreeing += a == b
    share = agreeing / compared
    print(f'layout: {agreeing} of {compared} grid cells agree ({share:.0%}) on where the ink is')
    if share < 0.9:
        failures.append('the layout differs from the native export')
    for failure in failures:
        print('difference: ' + failure)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
