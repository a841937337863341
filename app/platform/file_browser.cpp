#include "app/platform/file_browser.hpp"

#include <algorithm>
#include <filesystem>

namespace reslab {

namespace fs = std::filesystem;

FolderListing list_folder(const std::string& folder, const std::string& extension) {
  FolderListing listing;
  std::error_code error;
  const fs::path path = fs::weakly_canonical(folder.empty() ? fs::path("/") : fs::path(folder), error);
  listing.folder = error ? folder : path.string();
  fs::directory_iterator it(path, fs::directory_options::skip_permission_denied, error);
  if (error) {
    listing.error = listing.folder + ": " + error.message();
    return listing;
  }
  for (const auto& entry : it) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name.front() == '.') continue;
    std::error_code kind;
    if (entry.is_directory(kind))
      listing.folders.push_back(name);
    else if (entry.path().extension() == extension)
      listing.files.push_back(name);
  }
  std::sort(listing.folders.begin(), listing.folders.end());
  std::sort(listing.files.begin(), listing.files.end());
  return listing;
}

std::string parent_folder(const std::string& folder) {
  const fs::path path(folder);
  return path.has_parent_path() && path.parent_path() != path ? path.parent_path().string() : folder;
}

}  // namespace reslab
