#pragma once
// FNV-1a 64: the one hash reslab uses to prove determinism (traces, workloads, race inputs).
// It is fed typed, length-prefixed fields, so "ab"+"c" and "a"+"bc" differ. Not a security hash.
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace reslab {

class Fnv1a64 {
 public:
  void bytes(std::string_view text) {
    for (unsigned char c : text) byte(c);
  }
  // A field: its length first, so adjacent fields cannot run together.
  void field(std::string_view text) {
    number(text.size());
    bytes(text);
  }
  // Little-endian byte by byte, so the hash does not depend on the machine's byte order.
  void number(std::uint64_t value) {
    for (int i = 0; i < 8; ++i) byte(static_cast<unsigned char>(value >> (8 * i)));
  }
  void tag(char kind) { byte(static_cast<unsigned char>(kind)); }
  std::uint64_t value() const { return m_hash; }
  std::string hex() const {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(m_hash));
    return text;
  }

 private:
  void byte(unsigned char c) {
    m_hash ^= c;
    m_hash *= 1099511628211ull;
  }
  std::uint64_t m_hash = 1469598103934665603ull;
};

}  // namespace reslab
