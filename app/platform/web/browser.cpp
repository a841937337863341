#include "app/platform/web/browser.hpp"

#include <emscripten.h>
#include <emscripten/html5.h>

#include <cstdlib>

namespace reslab::web {
namespace {

// clang-format off
EM_JS(void, js_download, (const char* path, const char* mime), {
  const name = UTF8ToString(path);
  const bytes = FS.readFile(name);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([bytes], {type: UTF8ToString(mime)}));
  link.download = name.split('/').pop();
  document.body.appendChild(link);
  link.click();
  setTimeout(() => { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
});
EM_JS(void, js_copy, (const char* text), { reslabCopyText(UTF8ToString(text)); });
EM_JS(void, js_replace_query, (const char* query), {
  const wanted = UTF8ToString(query);
  if (location.search !== wanted) history.replaceState(null, "", location.pathname + wanted + location.hash);
});
EM_JS(void, js_toggle_full_screen, (), {
  if (document.fullscreenElement) document.exitFullscreen();
  else document.documentElement.requestFullscreen().catch(() => {});
});
EM_JS(char*, js_local_get, (const char* key), {
  let value = null;
  try { value = localStorage.getItem(UTF8ToString(key)); } catch (error) {}
  if (value === null) return 0;
  const size = lengthBytesUTF8(value) + 1;
  const copy = _malloc(size);
  stringToUTF8(value, copy, size);
  return copy;
});
EM_JS(void, js_local_set, (const char* key, const char* value), {
  try { localStorage.setItem(UTF8ToString(key), UTF8ToString(value)); } catch (error) {}
});
EM_JS(void, js_label_page_buttons, (const char* lang, const char* copy_link, const char* copy_link_tip,
                                    const char* link_copied, const char* open_file, const char* open_file_tip), {
  reslabLabelButtons(UTF8ToString(lang), {copyLink: UTF8ToString(copy_link), copyLinkTip: UTF8ToString(copy_link_tip),
                     linkCopied: UTF8ToString(link_copied), openFile: UTF8ToString(open_file),
                     openFileTip: UTF8ToString(open_file_tip)});
});
EM_JS(void, js_first_frame, (), { reslabFirstFrame(); });
EM_JS(void, js_frame_drawn, (), { window.reslabFramesDrawn = (window.reslabFramesDrawn || 0) + 1; });
EM_JS(void, js_loop_woke, (), { window.reslabWakes = (window.reslabWakes || 0) + 1; });
// clang-format on

}  // namespace

void download(const std::string& path, const std::string& mime_type) {
  js_download(path.c_str(), mime_type.c_str());
}

void copy_to_clipboard(const std::string& text) {
  js_copy(text.c_str());
}

void replace_query(const std::string& query) {
  js_replace_query(query.c_str());
}

void label_page_buttons(const PageButtonLabels& labels) {
  js_label_page_buttons(labels.lang.c_str(), labels.copy_link.c_str(), labels.copy_link_tip.c_str(),
                        labels.link_copied.c_str(), labels.open_file.c_str(), labels.open_file_tip.c_str());
}

void toggle_full_screen() {
  js_toggle_full_screen();
}

std::optional<std::string> local_storage_get(const std::string& key) {
  char* value = js_local_get(key.c_str());
  if (!value) return std::nullopt;
  std::string text(value);
  std::free(value);
  return text;
}

void local_storage_set(const std::string& key, const std::string& value) {
  js_local_set(key.c_str(), value.c_str());
}

void canvas_size(int& width, int& height) {
  double css_width = 0, css_height = 0;
  emscripten_get_element_css_size("#canvas", &css_width, &css_height);
  width = static_cast<int>(css_width);
  height = static_cast<int>(css_height);
}

void first_frame_shown() {
  js_first_frame();
}

void frame_drawn() {
  js_frame_drawn();
}

void loop_woke() {
  js_loop_woke();
}

}  // namespace reslab::web
