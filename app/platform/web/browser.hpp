#pragma once
// What the page asks of the browser (index.html's functions and the DOM): downloads, the clipboard,
// the address bar, full screen, local storage, and waking the frame loop.
#include <optional>
#include <string>

namespace reslab::web {

// Offers the file at `path` in the page's file system to the user as a download named as the file.
void download(const std::string& path, const std::string& mime_type);
void copy_to_clipboard(const std::string& text);
// The address bar shows `query` ("?case=h1&step=4") without a new history entry.
void replace_query(const std::string& query);
void toggle_full_screen();
std::optional<std::string> local_storage_get(const std::string& key);
void local_storage_set(const std::string& key, const std::string& value);
// The page's own buttons (beside the canvas) in the app's language: their labels and tooltips.
struct PageButtonLabels {
  std::string lang;  // "en" or "zh": the page's lang attribute
  std::string copy_link, copy_link_tip, link_copied, open_file, open_file_tip;
};
void label_page_buttons(const PageButtonLabels& labels);
// The canvas's size in CSS pixels.
void canvas_size(int& width, int& height);
// The first frame is on screen: the page hides its loading line and notes the time.
void first_frame_shown();
// A frame was drawn, or the loop woke (the page counts both: bench/web reports them while idle).
void frame_drawn();
void loop_woke();

}  // namespace reslab::web
