# RUN: %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
# RUN: rm -rf %t && mkdir %t && cp %s %t/k.py && %cuatomlint --fix --checks='-*,scope-mismatch' %t/k.py >/dev/null 2>&1; FileCheck %s --check-prefix=FIXED < %t/k.py
import cuda.tile as ct
from cuda.tile import MemoryScope

BINS = 64


@ct.kernel
def global_count(counter, keys):
    ct.atomic_add(counter, 0, 1, memory_scope=MemoryScope.BLOCK)
    # CHECK: scope-mismatch.py:[[@LINE-1]]:5: warning: atomic_add with MemoryScope.BLOCK on indices that do not depend on ct.bid(): every block updates the same elements, and block scope neither makes the update atomic nor orders it with respect to other blocks; use DEVICE [scope-mismatch]
    # CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:59-[[@LINE-2]]:64}:"DEVICE"
    # FIXED: ct.atomic_add(counter, 0, 1, memory_scope=MemoryScope.DEVICE)
    bins = ct.arange(BINS, dtype=ct.int32)
    ct.atomic_add(counter, bins, 1, memory_scope=ct.MemoryScope.BLOCK)
    # CHECK: scope-mismatch.py:[[@LINE-1]]:5: warning: atomic_add with MemoryScope.BLOCK {{.*}} [scope-mismatch]
    # FIXED: ct.atomic_add(counter, bins, 1, memory_scope=ct.MemoryScope.DEVICE)


# Near misses: no finding.
@ct.kernel
def per_block(partial, keys, n_blocks):
    b = ct.bid(0)
    slot = b * BINS + ct.arange(BINS, dtype=ct.int32)
    ct.atomic_add(partial, slot, 1, memory_scope=MemoryScope.BLOCK)
    ct.atomic_add(partial, ct.bid(0), 1, memory_scope=MemoryScope.BLOCK)
    # indices from a user function: not known
    ct.atomic_add(partial, pick(keys), 1, memory_scope=MemoryScope.BLOCK)
    ct.atomic_add(partial, 0, 1, memory_scope=MemoryScope.DEVICE)
    ct.atomic_add(partial, 0, 1)


def pick(keys):
    return 0
