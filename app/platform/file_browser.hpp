#pragma once
// What a folder holds, for the file dialog: its sub-folders and the files of one extension, by name.
// No GUI here; the dialog (app/panels/file_dialog_panel) draws it.
#include <string>
#include <vector>

namespace reslab {

struct FolderListing {
  std::string folder;                // as absolute as the file system makes it
  std::vector<std::string> folders;  // names, hidden ones ("." first) left out
  std::vector<std::string> files;    // names ending in the extension asked for
  std::string error;                 // why the folder could not be read; empty when it could
};

FolderListing list_folder(const std::string& folder, const std::string& extension = ".toml");

// The folder above `folder` ("/" stays "/").
std::string parent_folder(const std::string& folder);

}  // namespace reslab
