// Messages of `reslab explore` and the All orders window: the counts per model and the groups.
#include "core/sim/message_catalog.hpp"

namespace reslab {
namespace {

const MessageTemplate kExplore[] = {
    {"explore.title", "Every order: {case}", "所有顺序：{case}"},
    {"explore.section", "Every order", "所有顺序"},
    {"explore.of_preset", "the events of the preset “{title}” ({preset})",
     "预设“{title}”（{preset}）中的事件"},
    {"explore.all_events", "every event of the file", "文件中的全部事件"},
    {"explore.lanes", "{events}: {orders} orders keep each actor's events in its own order ({lanes}).",
     "{events}：保持每个参与者自身事件先后的顺序共有 {orders} 种（{lanes}）。"},
    {"explore.lanes_one", "{events}: 1 order keeps each actor's events in its own order ({lanes}).",
     "{events}：保持每个参与者自身事件先后的顺序只有 1 种（{lanes}）。"},
    {"explore.lane", "{actor}: {events}", "{actor}：{events}"},
    {"explore.sampled",
     "There are more than {limit}: {explored} of them, drawn at random (sample number {sample}: the same number draws the same orders), were run.",
     "超过 {limit} 种：随机抽取其中 {explored} 种运行（抽样编号 {sample}，同一编号抽出同样的顺序）。"},
    {"explore.cancelled", "Stopped after {done} orders: the counts cover those.",
     "运行 {done} 种顺序后停止：统计只包含这些顺序。"},
    {"explore.model", "model", "模型"},
    {"explore.orders", "orders", "顺序数"},
    {"explore.runnable", "can run", "可运行"},
    {"explore.not_runnable", "cannot happen", "不会发生"},
    {"explore.harmful", "harmful", "有危害"},
    {"explore.broken", "invariants broken", "被破坏的不变量"},
    {"explore.none", "none", "无"},
    {"explore.count_of", "{name}: {count}", "{name}：{count}"},
    {"explore.headline_harm", "{harmful} of {runnable} orders break an invariant in {model}",
     "{model}下 {runnable} 种顺序中有 {harmful} 种破坏不变量"},
    {"explore.headline_blocked", "{count} cannot happen: {actor} waits for {holder}",
     "{count} 种不会发生：{actor} 在等待{holder}持有的锁"},
    {"explore.headline_blocked_alone", "{count} cannot happen: {actor} waits",
     "{count} 种不会发生：{actor} 在等待"},
    {"explore.sentence_harm",
     "{model}: {harmful} of {runnable} orders that can run break an invariant ({broken}).",
     "{model}：可运行的 {runnable} 种顺序中有 {harmful} 种破坏不变量（{broken}）。"},
    {"explore.sentence_safe", "{model}: none of the {runnable} orders that can run breaks an invariant.",
     "{model}：可运行的 {runnable} 种顺序都不破坏不变量。"},
    {"explore.sentence_blocked",
     "{count} orders cannot happen in this model: {actor} would have to act while it waits for {holder} (for example {example}).",
     "{count} 种顺序在此模型下不会发生：{actor} 必须在等待{holder}释放锁期间行动（例如 {example}）。"},
    {"explore.sentence_blocked_one",
     "1 order cannot happen in this model: {actor} would have to act while it waits for {holder} ({example}).",
     "1 种顺序在此模型下不会发生：{actor} 必须在等待{holder}释放锁期间行动（{example}）。"},
    {"explore.sentence_blocked_alone",
     "{count} orders cannot happen in this model: {actor} would have to act while it waits (for example {example}).",
     "{count} 种顺序在此模型下不会发生：{actor} 要在等待时行动（例如 {example}）。"},
    {"explore.sentence_blocked_alone_one",
     "1 order cannot happen in this model: {actor} would have to act while it waits ({example}).",
     "1 种顺序在此模型下不会发生：{actor} 要在等待时行动（{example}）。"},
    {"explore.groups", "Final states in {model}", "{model}下的最终状态"},
    {"explore.group_orders", "orders", "顺序数"},
    {"explore.group_state", "final state", "最终状态"},
    {"explore.group_example", "for example", "示例顺序"},
    {"explore.group_tables", "different final tables", "不同的最终表"},
    {"explore.try", "To step one of them: {command}", "逐步查看其中一种：{command}"},
};

}  // namespace

std::span<const MessageTemplate> explore_messages() {
  return kExplore;
}

}  // namespace reslab
