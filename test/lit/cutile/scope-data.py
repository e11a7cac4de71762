# scope-mismatch on BLOCK-scope atomics whose indices come from data read from memory
# (histogram bins, hashed slots): the block reads its own keys, but the keys, not ct.bid(),
# pick the element, so any block may update any element.  Indices that ct.bid() reaches by
# arithmetic (the block's own slice) stay clean.
# RUN: %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
# RUN: rm -rf %t && mkdir %t && cp %s %t/k.py && %cuatomlint --fix --checks='-*,scope-mismatch' %t/k.py >/dev/null 2>&1; FileCheck %s --check-prefix=FIXED < %t/k.py
import cuda.tile as ct

BINS = 64
BLOCK = ct.MemoryScope.BLOCK


@ct.kernel
def histogram(hist, keys, table):
    bid = ct.bid(0)
    k = ct.load(keys, index=(bid,), shape=(16,))
    ct.atomic_add(hist, k, 1, memory_scope=ct.MemoryScope.BLOCK)
    # CHECK: scope-data.py:[[@LINE-1]]:5: warning: atomic_add with MemoryScope.BLOCK on indices that come from values read from memory, not from ct.bid(): any block may update any element, and block scope neither makes the update atomic nor orders it with respect to other blocks; use DEVICE [scope-mismatch]
    # CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:59-[[@LINE-2]]:64}:"DEVICE"
    # FIXED: ct.atomic_add(hist, k, 1, memory_scope=ct.MemoryScope.DEVICE)
    slot = (k * 2654435761) % BINS
    ct.atomic_add(table, slot, 1, memory_scope=BLOCK)
    # CHECK: scope-data.py:[[@LINE-1]]:5: warning: atomic_add with MemoryScope.BLOCK on indices that come from values read from memory, not from ct.bid(): {{.*}} [scope-mismatch]
    # CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:48-[[@LINE-2]]:53}:"ct.MemoryScope.DEVICE"
    # FIXED: ct.atomic_add(table, slot, 1, memory_scope=ct.MemoryScope.DEVICE)
    ct.atomic_max(hist, ct.gather(keys, bid * 16 + ct.arange(16, dtype=ct.int32)), 1,
                  memory_scope=ct.MemoryScope.BLOCK)
    # CHECK: scope-data.py:[[@LINE-2]]:5: warning: atomic_max with MemoryScope.BLOCK on indices that come from values read from memory{{.*}} [scope-mismatch]
    # the same elements in every block
    ct.atomic_add(hist, ct.arange(BINS, dtype=ct.int32), 1, memory_scope=BLOCK)
    # CHECK: scope-data.py:[[@LINE-1]]:5: warning: atomic_add with MemoryScope.BLOCK on indices that do not depend on ct.bid(): every block updates the same elements{{.*}} [scope-mismatch]


# Near misses: no finding.
@ct.kernel
def per_block(hist, keys, partial, offsets):
    bid = ct.bid(0)
    k = ct.load(keys, index=(bid,), shape=(16,))
    # the block's own slice of a per-block histogram
    ct.atomic_add(partial, bid * BINS + k, 1, memory_scope=ct.MemoryScope.BLOCK)
    own = ct.load(keys, index=(bid,), shape=(16,)) + bid * BINS
    ct.atomic_add(partial, own, 1, memory_scope=BLOCK)
    ct.atomic_add(hist, k, 1, memory_scope=ct.MemoryScope.DEVICE)
    ct.atomic_add(hist, k, 1)
    # one element at the block's index: maybe its entry of a per-block table
    off = ct.load(offsets, index=(bid,), shape=(1,))
    ct.atomic_add(partial, off + ct.arange(16, dtype=ct.int32), 1, memory_scope=BLOCK)
    ct.atomic_add(partial, ct.gather(offsets, bid), 1, memory_scope=BLOCK)
    # a range the block reserved with an atomic: its own elements
    base = ct.atomic_add(partial, 0, 16)
    ct.atomic_add(hist, base + ct.arange(16, dtype=ct.int32), 1, memory_scope=BLOCK)
    ct.atomic_add(hist, base + k, 1, memory_scope=BLOCK)
    # a user function may bring ct.bid() back
    ct.atomic_add(partial, place(k, bid), 1, memory_scope=BLOCK)
    # not an atomic: the store's element is its own business here
    ct.store(hist, index=(0,), tile=k, memory_scope=ct.MemoryScope.BLOCK,
             memory_order=ct.MemoryOrder.RELAXED)


def place(k, bid):
    return bid * BINS + k
