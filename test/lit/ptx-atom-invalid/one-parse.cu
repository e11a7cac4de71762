// No code here tests the target, so one device parse stands for all three
// targets; each finding still names only the targets below its minimum.
// RUN: not %cuatomlint --checks='-*,ptx-atom-invalid' --cuda-arch=sm_52,sm_61,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[ptx-atom-invalid]'
// RUN: not %builtin --checks='-*,ptx-atom-invalid' --cuda-arch=sm_52,sm_61,sm_90 %s 2>&1 | FileCheck %s --implicit-check-not='[ptx-atom-invalid]'
// RUN: %builtin --checks='-*,ptx-atom-invalid' --cuda-arch=sm_90 %s 2>&1 | count 0
// RUN: not %builtin --checks='-*,ptx-atom-invalid' --cuda-arch=sm_52,sm_61,sm_90 --format=json %s | FileCheck %s --check-prefix=JSON

__device__ void cluster_and_hints(unsigned *p, unsigned long long policy) {
  asm volatile("red.relaxed.cluster.global.add.L2::cache_hint.u32 [%0], 1, %1;"
               :: "l"(p), "l"(policy));
  // CHECK: one-parse.cu:[[@LINE-2]]:20: error: '.relaxed' in red needs sm_70 (PTX .sem qualifier); the build targets sm_52, sm_61 [ptx-atom-invalid]
  // CHECK: one-parse.cu:[[@LINE-3]]:28: note: '.cluster' in red needs sm_90 (PTX .cluster scope / ::cluster); the build targets sm_52, sm_61
  // CHECK: one-parse.cu:[[@LINE-4]]:47: note: '.L2::cache_hint' in red needs sm_80 (PTX .L2::cache_hint); the build targets sm_52, sm_61
}

__device__ void doubles(double *d) {
  asm volatile("red.global.add.f64 [%0], %1;" :: "l"(d), "d"(1.0));
  // CHECK: one-parse.cu:[[@LINE-1]]:31: error: '.f64' in red needs sm_60 (PTX atom.add.f64); the build targets sm_52 [ptx-atom-invalid]
}

// In the JSON output, archs lists the same targets as the message.
// JSON: "message":{{[[:space:]]+}}"'.f64' in red needs sm_60 (PTX atom.add.f64); the build targets sm_52",
// JSON-NEXT: "archs":{{[[:space:]]+}}["sm_52"],
