/*
 * clang's AMDGPU atomic builtins that exist only on some gfx targets
 * (__builtin_amdgcn_global_atomic_fadd_f64 ...), with the target feature
 * clang asks for and the targets that have it.  clang checks the feature
 * only when it emits the calling function, so a parse accepts the call on
 * every target and the build fails on the ones without it.
 *
 * Source: clang 19's BuiltinsAMDGPU.def (TARGET_BUILTIN feature strings)
 * and LLVM's AMDGPU target parser (which gfx has which feature); checked
 * against clang 19's code generation for every known target in
 * test/lit/hip/amd-builtins-codegen.test.
 */
#ifndef CUATOMLINT_AMD_BUILTINS_H
#define CUATOMLINT_AMD_BUILTINS_H

#include <stddef.h>

#include "cuatomlint/target.h"

struct cal_amd_builtin {
	const char *name;
	const char *feature;	/* clang's target feature, "gfx90a-insts" */
	unsigned size;		/* float or double add: 4 or 8 (unsafeAtomicAdd does it); else 0 */
};

/* The row of the builtin named name, or NULL. */
const struct cal_amd_builtin *cal_amd_builtin_find(const char *name);
/* Does target t have the builtin's feature? */
int cal_amd_builtin_on(const struct cal_amd_builtin *b, struct cal_target t);
/* The targets with its feature in words: "gfx90a, gfx940-gfx942". */
const char *cal_amd_builtin_targets(const struct cal_amd_builtin *b);

extern const struct cal_amd_builtin cal_amd_builtins[];
extern const size_t cal_nr_amd_builtins;

#endif
