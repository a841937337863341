#pragma once
// Open a scenario file: a folder's sub-folders and .toml files to pick from, places to start (home, your
// copies, the bundled cases, the current file's folder), the files opened lately, and a path field for
// the rest. It sends OpenScenario; a file that cannot be used shows its error as the picker does.
#include <string>

#include "app/panels/panel_context.hpp"
#include "app/platform/file_browser.hpp"

namespace reslab {

struct FileDialogState {
  bool open_now = false;  // asked for: the dialog opens at the next frame
  FolderListing listing;  // the folder shown
  std::string path;       // the path field: the folder, or the file chosen in it
};

void draw_file_dialog_panel(const PanelContext& ctx, FileDialogState& state);

}  // namespace reslab
