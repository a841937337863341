// Messages of the isolation lab: SQL scenario traces and `reslab isolation`'s table.
#include "core/sim/message_catalog.hpp"

namespace reslab {
namespace {

const MessageTemplate kIsolation[] = {
    {"sql.title", "{title}: {level} on {backend}", "{title}：{backend} 的 {level}"},
    {"sql.permutation", "Steps in this order: {steps}", "各步顺序：{steps}"},
    {"sql.step", "step", "步"},
    {"sql.session", "session", "会话"},
    {"sql.statements", "statements and results", "语句与结果"},
    {"sql.after", "after the step", "这一步之后"},
    {"sql.outcome.done", "done", "完成"},
    {"sql.outcome.failed", "failed", "失败"},
    {"sql.outcome.waiting", "waits", "等待中"},
    {"sql.outcome.queued", "queued behind its session's wait", "排在本会话的等待之后"},
    {"sql.rows", "{count} rows: {rows}", "{count} 行：{rows}"},
    {"sql.rows_one", "1 row: {rows}", "1 行：{rows}"},
    {"sql.no_rows", "no rows", "没有行"},
    {"sql.changed_one", "1 row changed", "改动 1 行"},
    {"sql.changed", "{count} rows changed", "改动 {count} 行"},
    {"sql.waits", "waits for another session's lock", "等待另一个会话持有的锁"},
    {"sql.woke", "{session} goes on and finishes {steps}", "{session} 继续执行，完成 {steps}"},
    {"sql.still_waiting", "still waiting: {sessions}", "仍在等待：{sessions}"},
    {"sql.tables_previous",
     "the committed tables could not be read now (a writer holds the lock readers need): the previous ones stand",
     "此刻读不到已提交的表（写事务持有读者需要的锁），沿用上一步的表"},
    {"sql.tables", "Committed tables after the last step", "最后一步之后的已提交表"},
    {"sql.verdict.anomaly", "Result: the anomaly occurs", "结果：出现异常"},
    {"sql.verdict.prevented", "Result: the anomaly is prevented", "结果：异常被阻止"},
    {"sql.verdict.how", "what stood in the way: {how}", "阻挡方式：{how}"},
    {"sql.verdict.along", "along the way: {how}", "过程中：{how}"},
    {"sql.stuck", "Sessions were still waiting after the last step; the lab rolled them back.",
     "最后一步之后仍有会话在等待，实验已将其回滚。"},
    {"sql.expected", "Expected by the file: {expected}", "文件中的预期：{expected}"},
    {"sql.explore.title", "Every order: {title}", "所有顺序：{title}"},
    {"sql.explore.variant", "variant", "变体"},
    {"sql.explore.orders", "orders", "顺序数"},
    {"sql.explore.outcome", "result", "结果"},
    {"sql.explore.example", "for example", "示例顺序"},
    {"sql.explore.stuck", "sessions still waiting at the end", "结束时仍有会话在等待"},
    {"iso.title", "Isolation levels on {backend} {version}, tested live",
     "{backend} {version} 的隔离级别，现场测试"},
    {"iso.test", "test", "测试"},
    {"iso.anomaly", "anomaly", "出现异常"},
    {"iso.prevented", "prevented", "已阻止"},
    {"iso.how.wait", "wait", "等待"},
    {"iso.note",
     "Each cell ran that test's SQL at that level on a fresh lab database; “anomaly” means the test's anomaly rule held.",
     "每一格都在新建的实验数据库上按该级别运行该测试的 SQL；“出现异常”表示该测试的异常条件成立。"},
    {"iso.variants", "What each column is", "各列说明"},
};

}  // namespace

std::span<const MessageTemplate> isolation_messages() {
  return kIsolation;
}

}  // namespace reslab
