#define RED(p) \
  asm volatile("red.global" \
               ".add.f16 [%0], 1;" :: "l"(p))
__device__ void f(unsigned *p) {
  __asm__ __volatile__ ( "atom.global.acquire.gpu" /* c */ ".add.u32 %0, [%1], 1;\n\t" // x
                         "@!p red.global.v2.f32.add [%1], {%2, %3};" : "=r"(x) : "l"(p));
  asm(R"x(atom.shared.b128.cas d, [a], b, c;)x" u8"\056noftz" :: );
}
