#include "core/action_context.hpp"
#include "core/hotel_actions.hpp"

namespace reslab {

ActionFn find_action_code(const std::string& action, Model model) {
  if (action == "reserve_check") return hotel::reserve_check(model);
  if (action == "reserve_record") return hotel::reserve_record(model);
  if (action == "expire_holds") return hotel::expire_holds(model);
  if (action == "payment_callback") return hotel::payment_callback(model);
  if (action == "refund_worker") return hotel::refund_worker(model);
  return {};
}

}  // namespace reslab
