# Python comments carry the suppression markers of C comments.
# RUN: %expect-exit 1 %cuatomlint --checks='-*,cutile-*' %s 2>&1 | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
import cuda.tile as ct
from cuda.tile import MemoryOrder as MO


@ct.kernel
def k(counts, lock):
    ct.static_assert(counts.dtype == ct.int32)
    ct.atomic_add(counts, 0, 1.5)  # cuatomlint: ignore[cutile-atomic-args]
    ct.atomic_add(counts, 0, 2.5)  # NOLINT(cuatomlint-cutile-atomic-args)
    ct.atomic_add(counts, 0, 3.5)  # NOLINT
    # cuatomlint: ignore[cutile-atomic-args]
    ct.atomic_add(counts, 0, 4.5)
    # NOLINTNEXTLINE(cuatomlint-cutile-*)
    ct.atomic_add(counts, 0, 5.5)
    # another check's name does not silence this one
    ct.atomic_add(counts, 0, 6.5)  # cuatomlint: ignore[cutile-plain-poll]
    # CHECK: suppress.py:[[@LINE-1]]:30: error: atomic_add: a float literal into 'counts'{{.*}} [cutile-atomic-args]
    ct.printf("# NOLINT"); ct.atomic_add(counts, 0, 7.5)
    # CHECK: suppress.py:[[@LINE-1]]:53: error: atomic_add: a float literal into 'counts'{{.*}} [cutile-atomic-args]
