#include "app/text/text_file.hpp"

#include <cerrno>
#include <cstdio>
#include <fstream>
#include <system_error>

namespace reslab {

std::string write_text_file(const std::string& path, const std::string& content) {
  const std::string temporary = path + ".part";
  const auto failed = [&](int error_number) {
    std::remove(temporary.c_str());
    return "cannot write " + path + ": " + std::generic_category().message(error_number);
  };
  {
    errno = 0;
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) return "cannot write " + path + ": " + std::generic_category().message(errno);
    out << content;
    out.flush();
    if (!out) return failed(errno);
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) return failed(errno);
  return {};
}

}  // namespace reslab
