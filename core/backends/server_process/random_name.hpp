#pragma once
// Random lowercase letters and digits for the names reslab gives what it makes on a server (schemas,
// databases, roles) and for passwords of roles it makes.
#include <cstddef>
#include <string>

namespace reslab {

std::string random_name_suffix(std::size_t length);

}  // namespace reslab
