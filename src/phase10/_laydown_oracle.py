"""The laydown search's counting oracle: can the groups left still be made? (C-9, C-10).

Internal to the laydown search (:mod:`phase10.laydown` is its public face). :class:`Oracle`
answers "can groups g.. still be made from what is left?" exactly, on class counts (see
:mod:`phase10._laydown_plan`), memoised per hand. Working on classes removes the colour
symmetry that makes a search over single cards exponential, and cheap necessary conditions
(enough cards for the pattern, a wild for every place of a run without a natural) reject
most hands before any search. The walk (:mod:`phase10._laydown_search`) asks it before
descending into the next group, so it never enters a branch without a laydown.
"""

from __future__ import annotations

from phase10._laydown_plan import Plan, reach
from phase10.errors import SearchLimitError
from phase10.limits import charge_steps, search_budget

__all__ = ["Oracle"]


class Oracle:
    """Exact answers to "can groups g.. still be made?" on class counts, memoised per hand.

    ``counts`` is shared with the walk (:class:`phase10._laydown_search.Walk`) of the same
    hand, which keeps it in step.
    """

    __slots__ = (
        "budget",
        "counts",
        "first_shape",
        "last",
        "limit",
        "maximum",
        "memo",
        "minimal",
        "nodes",
        "plan",
        "runs",
    )

    def __init__(self, plan: Plan, counts: list[int], minimal: bool, budget: int):
        self.plan = plan
        #: steps left before the search gives up: its own limit (Limits.max_search_nodes)
        #: or what is left of the call's work budget (Limits.max_call_steps), the fewer;
        #: every step of the oracle and of the walk spends one
        self.nodes, self.limit, self.maximum = search_budget(budget)
        self.budget = self.nodes
        self.counts = counts
        self.minimal = minimal
        self.last = len(plan.groups) - 1
        self.memo: dict[tuple[int, ...], bool] = {}
        #: for each state found feasible, the index of the first shape that works
        self.first_shape: dict[tuple[int, ...], int] = {}
        #: per group of run-like shapes alone, its first shape and the naturals present:
        #: the shapes with naturals enough (_runs; the counts differ between most states
        #: of a search, these between few)
        self.runs: dict[tuple[int, int, int], list[tuple[int, int, int]]] = {}

    def possible(self) -> bool:
        """Whether the whole phase can be laid down from ``counts``."""
        if sum(self.counts) < self.plan.size:
            return False
        # every later group must be possible on its own: cheap, and rejects most hands
        for g in range(self.last, 0, -1):
            if self._alone(g, 0, 0) < 0:
                return False
        return self.feasible(0, self.plan.phase_need, 0)

    def settle(self) -> None:
        """Charge the steps this search spent to the call's work budget (once, at its end)."""
        # every step is paid for before its work is done, and the search stops as soon as
        # the steps run out: what goes past the budget was never done, so the call is
        # charged no more than the budget it had
        left = max(self.nodes, 0)
        charge_steps(self.budget - left)
        self.budget = left

    def spent(self) -> SearchLimitError:
        """The error for a search whose budget ran out: it names the limit to raise."""
        maximum = self.maximum
        what = "the call's work budget" if self.limit == "max_call_steps" else "the search's budget"
        return SearchLimitError(
            f"the laydown search for {self.plan.phase} gave up: {what} of {maximum} steps "
            f"(Limits.{self.limit}) ran out; the hand or the phase is far larger than any "
            f"real game's; raise {self.limit} with limits= if you really need the answer",
            path="hand",
            limit=self.limit,
            maximum=maximum,
            value=maximum + 1,
        )

    def feasible(self, g: int, rem: int, lo: int) -> bool:
        """Whether groups ``g``.. can be made from the counts with ``rem`` more naturals.

        Group ``g`` takes a shape of index ``lo`` or later: when it is the same group as
        the one before (``Plan.follows``), that group's shape, as any laydown's melds of
        equal groups can be ordered by shape (so the equal groups are tried in one order).
        """
        self.nodes -= 1
        if self.nodes < 0:
            raise self.spent()
        key = (g, rem, lo, *self.counts)
        found = self.memo.get(key)
        if found is None:
            first = self._alone(g, rem, lo) if g == self.last else self._extend(g, rem, lo)
            found = self.memo[key] = first >= 0
            if found:
                self.first_shape[key] = first
        return found

    def start(self, g: int, rem: int, lo: int) -> int:
        """The first shape of group ``g`` worth trying in the current (feasible) state."""
        return self.first_shape.get((g, rem, lo, *self.counts), 0)

    def _census(self, per_pattern: bool) -> tuple[list[int], int, int, int]:
        """Naturals per pattern (if ``per_pattern``), patterns with a natural, wilds, cards."""
        plan = self.plan
        natural = plan.natural
        masks = plan.masks
        pnat = [0] * len(plan.patterns) if per_pattern else []
        accepts = plan.accepts
        present = wilds = total = 0
        for c, n in enumerate(self.counts):
            if n:
                total += n
                if natural[c]:
                    present |= masks[c]
                    if per_pattern:
                        for p in accepts[c]:
                            pnat[p] += n
                else:
                    wilds += n
        return pnat, present, wilds, total

    def _alone(self, g: int, rem: int, lo: int) -> int:
        """The first shape (``lo`` or later) of group ``g`` the counts make alone, or -1.

        The meld holds at least ``rem`` naturals.
        """
        plan = self.plan
        group = plan.groups[g]
        counts = self.counts
        size = group.size
        minimal = self.minimal
        wild_acc = plan.wild_acc
        # the census and the shapes' checks, paid for before they are done (see settle)
        self.nodes -= len(counts) + len(group.shapes)
        if self.nodes < 0:
            raise self.spent()
        pnat, present, wilds, total = self._census(group.has_repeats)
        simple = plan.simple(g)
        shapes = group.shapes
        places = group.places
        for idx in group.live[minimal]:
            if idx < lo:
                continue
            _, pids, need, length = shapes[idx]
            if rem > need:
                need = rem
            if not length:  # a set-like shape: enough cards, enough of them natural
                p = pids[0]
                nat = pnat[p]
                if nat < need or (minimal and need > size):
                    continue
                tot = nat
                for c in wild_acc[p]:
                    tot += counts[c]
                if tot >= (size if size > need else need):
                    return idx
            elif length <= total:
                # a run-like shape: at most one natural a place, and a wild for every other
                # (a pattern named in several places counts once per place)
                bits = places[idx]
                have = (
                    (group.masks[idx] & present).bit_count()
                    if bits is None
                    else reach(bits, present)
                )
                if (
                    have >= need
                    and length - have <= wilds
                    and (simple[idx] or self._fill(g, pids, need))
                ):
                    return idx
        return -1

    def _fill(self, g: int, pids: tuple[int, ...], need: int) -> bool:
        """Whether the places ``pids`` of a run-like shape of group ``g`` alone can be filled."""
        at = _Try(g, 0, 0, 0)
        at.need = need
        at.pids = pids
        at.alone = True
        return self._place(at, 0, 0)

    def _extend(self, g: int, rem: int, lo: int) -> int:
        """The first shape (``lo`` or later) of group ``g`` whose meld lets the rest follow.

        -1 when there is none.
        """
        plan = self.plan
        group = plan.groups[g]
        counts = self.counts
        size = group.size
        # the census and the shapes' checks, paid for before they are done (see settle)
        self.nodes -= len(counts) + len(group.shapes)
        if self.nodes < 0:
            raise self.spent()
        pnat, present, wilds, total = self._census(group.has_repeats)
        # the groups after this one need their cards too
        hi = size if self.minimal else total - plan.after[g]
        at = _Try(g, rem, size, hi)
        shapes = group.shapes
        places = group.places
        follows = plan.follows[g + 1]
        if not group.has_repeats:  # run-like shapes only: the filter's answer is kept
            key = (g, lo, present)
            runs = self.runs.get(key)
            if runs is None:
                runs = self.runs[key] = self._runs(g, lo, present)
            for idx, length, lacking in runs:
                if length > hi or lacking > wilds:
                    continue
                at.floor = idx if follows else 0
                _, pids, need, _ = shapes[idx]
                at.need = need
                at.pids = pids
                if self._place(at, 0, 0):
                    return idx
            return -1
        for idx in group.live[self.minimal]:
            if idx < lo:
                continue
            at.floor = idx if follows else 0
            _, pids, need, length = shapes[idx]
            if not length:
                p = pids[0]
                if pnat[p] < need:
                    continue
                at.need = need
                acc = plan.nat_acc[p] + plan.wild_acc[p]
                if len(acc) == 2:  # one natural class and one wild class, as in the classic game
                    if self._take2(at, acc[0], acc[1]):
                        return idx
                    continue
                at.acc = acc
                suffix = at.suffix = [0] * (len(acc) + 1)
                for j in range(len(acc) - 1, -1, -1):
                    suffix[j] = suffix[j + 1] + counts[acc[j]]
                if suffix[0] >= size and self._take(at, 0, 0, 0):
                    return idx
            elif length <= hi:
                bits = places[idx]
                have = (
                    (group.masks[idx] & present).bit_count()
                    if bits is None
                    else reach(bits, present)
                )
                if have >= need and length - have <= wilds:
                    at.need = need
                    at.pids = pids
                    if self._place(at, 0, 0):
                        return idx
        return -1

    def _runs(self, g: int, lo: int, present: int) -> list[tuple[int, int, int]]:
        """The run-like shapes (``lo`` or later) of group ``g`` with enough naturals present.

        Each as its index, its places and the places no natural ``present`` fills (a wild
        must), in shape order: :meth:`_extend` tries those with places and wilds enough.
        """
        group = self.plan.groups[g]
        shapes = group.shapes
        places = group.places
        masks = group.masks
        out = []
        for idx in group.live[self.minimal]:
            if idx < lo:
                continue
            _, _, need, length = shapes[idx]
            bits = places[idx]
            have = (masks[idx] & present).bit_count() if bits is None else reach(bits, present)
            if have >= need:
                out.append((idx, length, length - have))
        return out

    def _take2(self, at: _Try, a: int, b: int) -> bool:
        """:meth:`_take` for the two classes ``a`` and ``b``, as two loops (the same order)."""
        counts = self.counts
        natural = self.plan.natural
        lo = at.lo
        hi = at.hi
        need = at.need
        rem = at.rem
        count_a = counts[a]
        count_b = counts[b]
        for ta in range(count_a if count_a < hi else hi, -1, -1):
            room = hi - ta
            for tb in range(count_b if count_b < room else room, -1, -1):
                if ta + tb < lo:
                    break
                nat = (ta if natural[a] else 0) + (tb if natural[b] else 0)
                if nat < need:
                    continue
                counts[a] = count_a - ta
                counts[b] = count_b - tb
                ok = self.feasible(at.g + 1, rem - nat if rem > nat else 0, at.floor)
                counts[a] = count_a
                counts[b] = count_b
                if ok:
                    return True
        return False

    def _take(self, at: _Try, j: int, size: int, nat: int) -> bool:
        """Whether a set-like meld taking from classes ``at.acc[j:]`` lets groups g + 1.. follow.

        The meld holds ``size`` cards so far, ``nat`` of them natural.
        """
        self.nodes -= 1
        if self.nodes < 0:
            raise self.spent()
        acc = at.acc
        if j == len(acc):
            rem = at.rem
            return (
                size >= at.lo
                and nat >= at.need
                and self.feasible(at.g + 1, rem - nat if rem > nat else 0, at.floor)
            )
        if size + at.suffix[j] < at.lo:
            return False
        counts = self.counts
        c = acc[j]
        top = min(counts[c], at.hi - size)
        is_nat = self.plan.natural[c]
        for take in range(top, -1, -1):
            counts[c] -= take
            ok = self._take(at, j + 1, size + take, nat + take if is_nat else nat)
            counts[c] += take
            if ok:
                return True
        return False

    def _place(self, at: _Try, k: int, nat: int) -> bool:
        """Whether a run-like meld filling places ``k``.. lets groups g + 1.. follow.

        Its places before ``k`` hold ``nat`` naturals. For a group ``alone``: whether the
        places can be filled at all (naturals first).
        """
        self.nodes -= 1
        if self.nodes < 0:
            raise self.spent()
        pids = at.pids
        n = len(pids)
        need = at.need
        if k == n:
            rem = at.rem
            return nat >= need and (
                at.alone or self.feasible(at.g + 1, rem - nat if rem > nat else 0, at.floor)
            )
        if nat + n - k < need:
            return False
        plan = self.plan
        counts = self.counts
        p = pids[k]
        self.nodes -= len(plan.nat_acc[p]) + len(plan.wild_acc[p])
        if self.nodes < 0:
            raise self.spent()
        for c in plan.nat_acc[p]:
            if counts[c]:
                counts[c] -= 1
                ok = self._place(at, k + 1, nat + 1)
                counts[c] += 1
                if ok:
                    return True
        for c in plan.wild_acc[p]:
            if counts[c]:
                counts[c] -= 1
                ok = self._place(at, k + 1, nat)
                counts[c] += 1
                if ok:
                    return True
        return False


class _Try:
    """One meld of group ``g`` that the oracle tries: what stays fixed meanwhile.

    The recursion passes only the position and what was taken so far. ``rem`` naturals are
    still needed by the phase (C-17), ``need`` by the shape; the meld takes ``lo`` to ``hi``
    cards; a set-like shape takes from the classes ``acc`` (``suffix``: the cards left among
    ``acc[j:]``), a run-like one fills the places ``pids``. A meld tried ``alone`` need not
    let the later groups follow.
    """

    __slots__ = ("acc", "alone", "floor", "g", "hi", "lo", "need", "pids", "rem", "suffix")

    acc: list[int]
    suffix: list[int]
    pids: tuple[int, ...]

    def __init__(self, g: int, rem: int, lo: int, hi: int) -> None:
        # the oracle sets acc and suffix, or pids, before it reads them
        self.g = g
        self.rem = rem
        self.lo = lo
        self.hi = hi
        self.need = 0
        self.alone = False
        #: the least shape index of group g + 1 (Oracle.feasible's ``lo``)
        self.floor = 0
