#pragma once
// The confirmation message of the outbox case (H5-3): its topic and payload, and where a naive
// process keeps it in memory. The actions write it; every_commit_announced looks for it.
#include <string>

#include "core/sim/value.hpp"

namespace reslab::hotel {

inline const std::string kConfirmationTopic = "booking.confirmed";
// naive: the message lives only in the process's memory, under this name, until it is sent.
inline const std::string kMessageToSend = "message_to_send";

inline std::string confirmation_payload(const Value& hold_id) {
  return "{\"hold_id\":" + to_display(hold_id) + "}";
}

// What the consumer counts as one effect: the same message about the same booking.
inline std::string effect_key(const std::string& topic, const std::string& payload) {
  return topic + " " + payload;
}

}  // namespace reslab::hotel
