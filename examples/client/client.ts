// A small browser client's glue, type-checked in CI against the TypeScript that
// json-schema-to-typescript generates from phase10's shipped client schemas
// (.ci/typescript.sh): a table payload, a pushed event and an error answer.
import type { LaydownHint, MoveGroup, TablePayload } from "./table-payload";
import type { TableEvent } from "./table-event";
import type { Phase10ErrorDict } from "./error";

/** The move to send when the person drops the card with this id (R7#2) on a target. */
export function moveFor(
  payload: TablePayload,
  cardId: string,
  target: string | null,
): { move: unknown; expect: number } | null {
  const held = payload.hand.find((h) => h.id === cardId);
  if (held === undefined) return null;
  for (const group of payload.moves as MoveGroup[]) {
    if (group.card !== held.card) continue;
    const option = group.options.find((o) => o.target === target);
    if (option !== undefined) {
      return { move: payload.legal[option.move].json, expect: payload.version };
    }
  }
  return null;
}

/** The hand ids to highlight for the laydown hint, one list per group. */
export function hintIds(payload: TablePayload): string[][] {
  const hint: LaydownHint | null = payload.hint;
  return hint === null ? [] : hint.groups.map((group) => [...group]);
}

/** A line for the game log, with the players' names. */
export function logLine(event: TableEvent): string {
  const who = event.actor_name ?? "the dealer";
  switch (event.verb) {
    case "discard":
      return `${who} discards ${event.cards.join(" ")}` +
        (event.target_name !== null ? ` to skip ${event.target_name}` : "");
    case "hit":
      return `${who} hits ${event.cards[0]} on ${event.target_name}'s meld ${(event.meld ?? 0) + 1}`;
    case "skipped":
      return `${event.target_name} is skipped`;
    default:
      return event.text;
  }
}

/** What to tell the person when a move comes back refused. */
export function explain(error: Phase10ErrorDict): string {
  if (error.code === "stale-move") return "The table moved on: refreshing.";
  if ("problems" in error) {
    return error.problems.map((p) => p.sentence).join("\n");
  }
  if ("reason" in error) return error.reason;
  return error.message;
}
