# scope-mismatch in cuTile: a BLOCK-scope atomic whose index wraps several
# ct.bid() values onto one element (bid % n, bid // 2): those blocks update the
# same element, as the OpenCL half's 'owner[me % n_slots]'.
# RUN: %expect-exit 1 %cuatomlint --checks='-*,scope-mismatch' %s 2>&1 | FileCheck %s --implicit-check-not='[scope-mismatch]'
# RUN: rm -rf %t && mkdir %t && cp %s %t/k.py && %cuatomlint --fix --checks='-*,scope-mismatch' %t/k.py >/dev/null 2>&1; FileCheck %s --check-prefix=FIXED < %t/k.py
import cuda.tile as ct
from cuda.tile import MemoryScope

BINS = 64


@ct.kernel
def claim(owner, n_slots):
    b = ct.bid(0)
    ct.atomic_max(owner, b % n_slots, b, memory_scope=MemoryScope.BLOCK)
    # CHECK: scope-wrap.py:[[@LINE-1]]:5: warning: atomic_max with MemoryScope.BLOCK on indices that map several ct.bid() values onto one element: several blocks update it, and block scope neither makes the update atomic nor orders it with respect to other blocks; use DEVICE [scope-mismatch]
    # CHECK: fix-it:"{{.*}}":{[[@LINE-2]]:67-[[@LINE-2]]:72}:"DEVICE"
    # FIXED: ct.atomic_max(owner, b % n_slots, b, memory_scope=MemoryScope.DEVICE)
    ct.atomic_add(owner, ct.bid(0) // 2, 1, memory_scope=MemoryScope.BLOCK)
    # CHECK: scope-wrap.py:[[@LINE-1]]:5: warning: atomic_add with MemoryScope.BLOCK on indices that map several ct.bid() values onto one element{{.*}} [scope-mismatch]


# Near misses: no finding.
@ct.kernel
def owned(partial, owner, n_slots):
    b = ct.bid(0)
    ct.atomic_add(partial, b * BINS + ct.arange(BINS, dtype=ct.int32), 1, memory_scope=MemoryScope.BLOCK)
    ct.atomic_add(partial, b, 1, memory_scope=MemoryScope.BLOCK)
    ct.atomic_max(owner, b % n_slots, b, memory_scope=MemoryScope.DEVICE)
    ct.atomic_max(owner, b % n_slots, b)
