/* clang's AMDGPU atomic builtins and their target features (amd_builtins.h). */
#include "atomics/amd_builtins.h"

#include <string.h>

/* Which gfx values (CAL_GFX_BASE off) have a feature: up to three ranges. */
struct feature {
	const char *name;
	const char *words;
	unsigned range[3][2];
};

static const struct feature features[] = {
	{ "gfx8-insts", "every gfx target", { { 0x900, 0x1201 } } },
	{ "gfx90a-insts", "gfx90a, gfx940-gfx942", { { 0x90a, 0x90a }, { 0x940, 0x942 } } },
	{ "gfx940-insts", "gfx940-gfx942", { { 0x940, 0x942 } } },
	{ "atomic-fadd-rtn-insts", "gfx90a, gfx940-gfx942, gfx11, gfx12",
	  { { 0x90a, 0x90a }, { 0x940, 0x942 }, { 0x1100, 0x1201 } } },
	{ "atomic-buffer-global-pk-add-f16-insts", "gfx90a, gfx940-gfx942, gfx12",
	  { { 0x90a, 0x90a }, { 0x940, 0x942 }, { 0x1200, 0x1201 } } },
	{ "atomic-flat-pk-add-16-insts", "gfx940-gfx942, gfx12",
	  { { 0x940, 0x942 }, { 0x1200, 0x1201 } } },
	{ "atomic-global-pk-add-bf16-inst", "gfx940-gfx942, gfx12",
	  { { 0x940, 0x942 }, { 0x1200, 0x1201 } } },
	{ "atomic-ds-pk-add-16-insts", "gfx940-gfx942, gfx12",
	  { { 0x940, 0x942 }, { 0x1200, 0x1201 } } },
};

const struct cal_amd_builtin cal_amd_builtins[] = {
	{ "__builtin_amdgcn_global_atomic_fadd_f64", "gfx90a-insts", 8 },
	{ "__builtin_amdgcn_global_atomic_fadd_f32", "atomic-fadd-rtn-insts", 4 },
	{ "__builtin_amdgcn_global_atomic_fadd_v2f16", "atomic-buffer-global-pk-add-f16-insts", 0 },
	{ "__builtin_amdgcn_global_atomic_fmin_f64", "gfx90a-insts", 0 },
	{ "__builtin_amdgcn_global_atomic_fmax_f64", "gfx90a-insts", 0 },
	{ "__builtin_amdgcn_flat_atomic_fadd_f64", "gfx90a-insts", 8 },
	{ "__builtin_amdgcn_flat_atomic_fmin_f64", "gfx90a-insts", 0 },
	{ "__builtin_amdgcn_flat_atomic_fmax_f64", "gfx90a-insts", 0 },
	{ "__builtin_amdgcn_ds_atomic_fadd_f64", "gfx90a-insts", 8 },
	{ "__builtin_amdgcn_ds_atomic_fadd_f32", "gfx8-insts", 4 },
	{ "__builtin_amdgcn_flat_atomic_fadd_f32", "gfx940-insts", 4 },
	{ "__builtin_amdgcn_flat_atomic_fadd_v2f16", "atomic-flat-pk-add-16-insts", 0 },
	{ "__builtin_amdgcn_flat_atomic_fadd_v2bf16", "atomic-flat-pk-add-16-insts", 0 },
	{ "__builtin_amdgcn_global_atomic_fadd_v2bf16", "atomic-global-pk-add-bf16-inst", 0 },
	{ "__builtin_amdgcn_ds_atomic_fadd_v2bf16", "atomic-ds-pk-add-16-insts", 0 },
	{ "__builtin_amdgcn_ds_atomic_fadd_v2f16", "atomic-ds-pk-add-16-insts", 0 },
};

const size_t cal_nr_amd_builtins = sizeof(cal_amd_builtins) / sizeof(cal_amd_builtins[0]);

static const struct feature *feature_of(const struct cal_amd_builtin *b)
{
	size_t i;

	for (i = 0; i < sizeof(features) / sizeof(features[0]); i++)
		if (!strcmp(features[i].name, b->feature))
			return &features[i];
	return NULL;
}

const struct cal_amd_builtin *cal_amd_builtin_find(const char *name)
{
	size_t i;

	for (i = 0; i < cal_nr_amd_builtins; i++)
		if (!strcmp(cal_amd_builtins[i].name, name))
			return &cal_amd_builtins[i];
	return NULL;
}

int cal_amd_builtin_on(const struct cal_amd_builtin *b, struct cal_target t)
{
	const struct feature *f = feature_of(b);
	unsigned v = t.sm - CAL_GFX_BASE;
	int i;

	if (!f || !cal_target_is_gfx(t))
		return 0;
	for (i = 0; i < 3 && f->range[i][1]; i++)
		if (v >= f->range[i][0] && v <= f->range[i][1])
			return 1;
	return 0;
}

const char *cal_amd_builtin_targets(const struct cal_amd_builtin *b)
{
	const struct feature *f = feature_of(b);

	return f ? f->words : "none";
}
