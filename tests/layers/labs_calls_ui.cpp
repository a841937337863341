// A live lab (core/labs/) that writes a PNG through the desktop platform: reslab_labs alone must not link it.
// undefined: reslab::write_png(
#include "app/platform/png_writer.hpp"

int main() {
  return reslab::write_png("/nonexistent/probe.png", reslab::RgbaImage{}).empty() ? 1 : 0;
}
