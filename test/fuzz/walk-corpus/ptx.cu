__device__ unsigned add(unsigned *p, unsigned v) {
  unsigned r;
  asm volatile("atom.global.add.u32 %0, [%1], %2;" : "=r"(r) : "l"(p), "r"(v) : "memory");
  asm volatile("atom.cta.global.add.u32 %0, [%[p]], 1;" : "=r"(r) : [p] "l"(p));
  asm("red.release.gpu.global.add.s64 [%0], %1;" :: "l"(p), "l"(1ll));
  asm volatile("ld.volatile.global.u32 %0, [%1];" : "=r"(r) : "l"(p));
  return r;
}
