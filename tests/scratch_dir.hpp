#pragma once
// A fresh folder under the system's temporary folder, removed with everything in it when the test
// ends; shared by the engine's and the app's tests.
#include <doctest/doctest.h>
#include <stdlib.h>

#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

namespace reslab::test {

class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "reslab_test_XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    m_path = pattern;
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(m_path, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  std::string path() const { return m_path.string(); }
  std::string file(const std::string& name) const { return (m_path / name).string(); }
  // Every name in the folder, hidden temporary files included.
  std::vector<std::string> names() const {
    std::vector<std::string> found;
    for (const auto& entry : std::filesystem::directory_iterator(m_path))
      found.push_back(entry.path().filename().string());
    return found;
  }

 private:
  std::filesystem::path m_path;
};

}  // namespace reslab::test
