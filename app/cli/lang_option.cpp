#include "app/cli/lang_option.hpp"

#include "core/sim/errors.hpp"

namespace reslab {

Lang lang_option(const std::string& code) {
  Lang lang = lang_from_environment();
  if (!code.empty() && !parse_lang(code, lang))
    throw UsageError("--lang must be zh or en, not '" + code + "'");
  return lang;
}

}  // namespace reslab
