#include "core/backends/server_process/random_name.hpp"

#include <random>

namespace reslab {

std::string random_name_suffix(std::size_t length) {
  static constexpr char kAlphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
  std::random_device device;
  std::uniform_int_distribution<std::size_t> pick(0, sizeof kAlphabet - 2);
  std::string suffix;
  for (std::size_t i = 0; i < length; ++i) suffix += kAlphabet[pick(device)];
  return suffix;
}

}  // namespace reslab
