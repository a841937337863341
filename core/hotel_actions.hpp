#pragma once
// The hotel cases' actions (H1, H2). Each returns the code for one model.
#include "core/action_context.hpp"

namespace reslab::hotel {

ActionFn reserve_check(Model model);
ActionFn reserve_record(Model model);
ActionFn expire_holds(Model model);
ActionFn payment_callback(Model model);
ActionFn refund_worker(Model model);

}  // namespace reslab::hotel
