#include "core/sim/toml_syntax_errors.hpp"

#include <string>

namespace reslab {

LocalizedText syntax_error_text(std::string_view description) {
  const auto has = [&](std::string_view part) { return description.find(part) != std::string_view::npos; };
  // The name toml++ quotes in "cannot redefine existing table 'a'", if any.
  std::string name;
  if (const std::size_t open = description.rfind('\''); open != std::string_view::npos && open > 0)
    if (const std::size_t first = description.rfind('\'', open - 1); first != std::string_view::npos)
      name = std::string(description.substr(first + 1, open - first - 1));
  if (has("parsing literal string") && has("control characters"))
    return {"this text has no closing quote: a string that opens with ' must end with ' on the same line",
            "这段文字缺少结尾的引号：以 ' 开头的字符串必须在同一行内以 ' 结束"};
  if (has("parsing string") && has("control characters"))
    return {
        "this text has no closing quote: a string that opens with \" must end with \" on the same line "
        "(for text over several lines, open and close it with \"\"\")",
        "这段文字缺少结尾的引号：以 \" 开头的字符串必须在同一行内以 \" 结束（跨行的文字请用 \"\"\" 开头和结尾）"};
  if (has("parsing string") && has("end-of-file"))
    return {
        "a string opened here is never closed before the end of the file (a closing \"\"\" or \" is missing)",
        "从这里开始的字符串直到文件结尾都没有结束（缺少结尾的 \"\"\" 或 \"）"};
  if (has("unknown escape sequence"))
    return {
        "a backslash in a string in \"...\" starts an escape such as \\n; write \\\\ for a backslash itself, "
        "or use '...' for text taken as it is",
        "在 \"...\" 字符串里，反斜杠表示转义（如 \\n）；要写反斜杠本身请写 \\\\，或改用 '...' 原样书写"};
  if (has("parsing array"))
    return {"a list opened with [ is not closed: its items are separated by commas and it ends with ]",
            "以 [ 开头的列表没有闭合：各项之间用逗号分隔，最后以 ] 结束"};
  if (has("parsing inline table"))
    return {"a table written as { ... } must close with } on the same line, its entries separated by commas",
            "写成 { … } 的内联表必须在同一行内以 } 结束，各项之间用逗号分隔"};
  if (has("parsing table header"))
    return has("cannot redefine")
               ? LocalizedText{"the table [" + name + "] appears twice: write each [table] once",
                               "表 [" + name + "] 出现了两次：每个 [表] 只能写一次"}
               : LocalizedText{"a table header must be a name in brackets on a line of its own, like [title]",
                               "表头必须是独占一行、写在方括号里的名字，例如 [title]"};
  if (has("cannot redefine"))
    return name.empty()
               ? LocalizedText{"this key is already set above: each key may appear once in a table",
                               "这个键在前面已经设置过：同一个表里每个键只能出现一次"}
               : LocalizedText{"'" + name + "' is already set above: each key may appear once in a table",
                               "“" + name + "”在前面已经设置过：同一个表里每个键只能出现一次"};
  if (has("expected value"))
    return {
        "a key needs a value after =: text in quotes, a number, true or false, a list [...] or a table {...}",
        "= 后面需要一个值：带引号的文字、数字、true 或 false、列表 [...] 或表 {...}"};
  if (has("expected a comment or whitespace"))
    return {"only a comment (#) may follow a value on its line; text with spaces must be in quotes",
            "值的后面同一行里只能再写注释（#）；含空格的文字必须加引号"};
  if (has("maximum nested"))
    return {"lists or tables are nested too deeply here (a scenario file never needs more than a few levels)",
            "这里的列表或表嵌套得太深（场景文件从来不需要超过几层）"};
  if (has("parsing boolean") || has("parsing value"))
    return {
        "this value is not one TOML knows: text must be in quotes; numbers, true and false are written bare",
        "TOML 不认识这个值：文字必须加引号；数字、true 和 false 直接书写"};
  if (has("parsing root table") || has("expected keys"))
    return {"each line must be key = value, a [table] header or a comment starting with #",
            "每一行必须是“键 = 值”、一个 [表] 表头，或以 # 开头的注释"};
  std::string own(description);
  if (!own.empty() && own[0] >= 'A' && own[0] <= 'Z') own[0] = static_cast<char>(own[0] - 'A' + 'a');
  return {own, "TOML 语法错误：" + own};
}

}  // namespace reslab
