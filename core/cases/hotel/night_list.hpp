#pragma once
// A stay's nights as text: "N1,N2" in arguments and an actor's memory, "N1, N2" in messages.
#include <sstream>
#include <string>
#include <vector>

namespace reslab::hotel {

// The nights of a comma-separated list, spaces around each trimmed, empty items skipped.
inline std::vector<std::string> split_nights(const std::string& text) {
  std::vector<std::string> nights;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    const auto first = item.find_first_not_of(' ');
    const auto last = item.find_last_not_of(' ');
    if (first != std::string::npos) nights.push_back(item.substr(first, last - first + 1));
  }
  return nights;
}

// "N1, N2" for a message; "-" for no nights.
inline std::string list_nights(const std::vector<std::string>& nights) {
  std::string listed;
  for (const auto& night : nights) listed += (listed.empty() ? "" : ", ") + night;
  return listed.empty() ? "-" : listed;
}

}  // namespace reslab::hotel
