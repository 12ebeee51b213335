"""The laydown search's counting oracle: can the groups left still be made? (C-9, C-10).

Internal to the laydown search (:mod:`phase10.laydown` is its public face). :class:`Oracle`
answers "can groups g.. still be made from what is left?" exactly, on class counts (see
:mod:`phase10._laydown_plan`), memoised per hand. Working on classes removes the colour
symmetry that makes a search over single cards exponential, and cheap necessary conditions
(enough cards for the pattern, a wild for every place of a run without a natural; for the
later groups when all of them are sets, enough naturals and wilds for their cards:
:meth:`Oracle.spare_wilds`) reject most hands before any search. The walk
(:mod:`phase10._laydown_search`) asks it before descending into the next group, so it never
enters a branch without a laydown.
"""

from __future__ import annotations

from phase10._laydown_plan import Plan, equal_sets_used, lowered_spares, reach
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
        "caps",
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
        "spares",
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
        #: per (group, counts): spare_wilds' answer (the walk asks it of each state it
        #: enters a group of sets with, again after each laydown below)
        self.spares: dict[tuple[int, ...], int] = {}
        #: per (group, pattern, counts): spare_caps' answer
        self.caps: dict[tuple[int, ...], list[int]] = {}

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
            # (the last group's own test is as cheap as the bound)
            if g != self.last and self.plan.set_suffix[g] is not None and self.spare_wilds(g) < 0:
                found = self.memo[key] = False
                return found
            first = self._alone(g, rem, lo) if g == self.last else self._extend(g, rem, lo)
            found = self.memo[key] = first >= 0
            if found:
                self.first_shape[key] = first
        return found

    def spare_wilds(self, g: int) -> int:
        """At most how many of the wilds left groups ``g``.. (set-like) can do without.

        Negative when they lack cards for certain, whatever their shapes' order or the
        naturals they need. For groups ``g``.. all set-like on the same patterns
        (``Plan.set_suffix[g]``): the wilds some of the patterns accept, plus a bound on the
        naturals the groups hold, less the cards they take at their sizes.

        A bound, never a search: whatever extra cards a laydown's sets hold, each set less
        its extras holds its size of cards, at most as many naturals of its pattern as the
        hand has, and every other card a wild that some of the patterns accept. Counted as
        if every set were as large as the largest (each can then take no fewer), the naturals
        the sets hold are at most what :func:`phase10._laydown_plan.equal_sets_used` gives,
        and no more than their cards; with the wilds, short of the cards the sets take, no
        laydown of them exists.
        """
        # the look-up, and on a miss the census and the count, paid for before they are
        # done (see settle)
        self.nodes -= 1
        if self.nodes < 0:
            raise self.spent()
        key = (g, *self.counts)
        known = self.spares.get(key)
        if known is None:
            values, wilds = self._set_census(g)
            known = self.spares[key] = self._spare(g, values, wilds)
        return known

    def spare_caps(self, g: int, p: int) -> list[int]:
        """Per number ``a`` of naturals of pattern ``p`` a meld takes, :meth:`spare_wilds` after.

        For a meld of an earlier group on pattern ``p``, of groups ``g``.. set-like on the
        same patterns: for ``a`` from 0 while it is not negative, the most wilds the meld may
        take with ``a`` naturals of ``p`` (empty when no meld of ``p`` leaves them enough).
        A meld that takes more leaves groups ``g``.. short for certain: taking naturals of
        ``p`` lowers ``p``'s count by as many (or more, for a natural other patterns accept
        too: the bound only falls), and taking wilds lowers the wilds.
        """
        self.nodes -= 1
        if self.nodes < 0:
            raise self.spent()
        key = (g, p, *self.counts)
        known = self.caps.get(key)
        if known is None:
            values, wilds = self._set_census(g)
            suffix = self.plan.set_suffix[g]
            assert suffix is not None
            pids, _, sets, largest, full = suffix
            at = pids.index(p)
            # the count of each number of naturals, paid for before it is done
            self.nodes -= values[at] + 1
            if self.nodes < 0:
                raise self.spent()
            known = self.caps[key] = lowered_spares(largest, sets, values, at, wilds, full)
        return known

    def _set_census(self, g: int) -> tuple[list[int], int]:
        """The naturals of each pattern of ``Plan.set_suffix[g]``, and the wilds they accept."""
        plan = self.plan
        suffix = plan.set_suffix[g]
        assert suffix is not None
        pids, mask = suffix[0], suffix[1]
        counts = self.counts
        self.nodes -= len(counts) + len(pids)
        if self.nodes < 0:
            raise self.spent()
        natural = plan.natural
        accepts = plan.accepts
        masks = plan.masks
        values = [0] * len(plan.patterns)
        wilds = 0
        for c, n in enumerate(counts):
            if n:
                if natural[c]:
                    for q in accepts[c]:
                        values[q] += n
                elif masks[c] & mask:
                    wilds += n
        return [values[q] for q in pids], wilds

    def _spare(self, g: int, values: list[int], wilds: int) -> int:
        """:meth:`spare_wilds` of groups ``g``.. with ``values`` naturals a pattern."""
        _, _, sets, largest, full = self.plan.set_suffix[g]  # type: ignore[misc]
        used = equal_sets_used(largest, sets, values)
        return (used if used < full else full) + wilds - full

    def start(self, g: int, rem: int, lo: int) -> int:
        """The first shape of group ``g`` worth trying in the current (feasible) state."""
        return self.first_shape.get((g, rem, lo, *self.counts), 0)

    def first_from(self, g: int, rem: int, lo: int) -> int:
        """The first shape (``lo`` or later) of group ``g`` that leads to a laydown, or -1.

        In the current state, as :meth:`feasible` asks it (``rem`` naturals still needed).
        """
        if not self.feasible(g, rem, lo):
            return -1
        return self.first_shape[(g, rem, lo, *self.counts)]

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
        capped = plan.set_suffix[g] is not None
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
                # a set-like meld with more cards than the group's size lets no more follow
                # than the same meld less an extra card: a wild, or a natural it does not
                # need for the shape's naturals or the phase's (the cards go back to the
                # later groups, and a Repeat shape holds any number from its size on); so
                # unless the naturals needed pass the size, the meld is tried at its size.
                # Only when the later groups are sets too (Plan.set_suffix): before runs,
                # the larger melds tried first are the walk's own, whose answers it reuses
                at.hi = size if capped and (need if need > rem else rem) <= size else hi
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
                at.hi = hi
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
