// The packed-half global atomic add whose target feature amd-facts-codegen.test asks for.
typedef _Float16 h2 __attribute__((ext_vector_type(2)));
__attribute__((device)) h2 f(__attribute__((address_space(1))) h2 *p, h2 v) { return __builtin_amdgcn_global_atomic_fadd_v2f16(p, v); }
