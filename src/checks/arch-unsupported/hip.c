/*
 * arch-unsupported, HIP half: a __builtin_amdgcn_* atomic whose target
 * feature a gfx target of the build lacks.  clang accepts the call in every
 * parse and fails only when it emits the function for such a target ("needs
 * target feature gfx90a-insts"), so the finding keeps to emitted code (reach.h).
 *
 * The fix, for a float or double add, calls HIP's unsafeAtomicAdd instead:
 * the same relaxed, agent-scope add, which HIP's header makes the hardware
 * instruction where the target has it and a CAS loop elsewhere.  It is
 * offered only where it changes no code the build already compiles: on every
 * target of the build that has the builtin, unsafeAtomicAdd must be that
 * instruction too (gfx90a, where the header calls the builtin; targets whose
 * compiler emits the hardware add for every FP atomic, gfx940; or any target
 * with the add when the build passes -munsafe-fp-atomics).
 */
#include <stdlib.h>
#include <string.h>

#include "checks/arch-unsupported/hip.h"

#include "analysis/expr_util.h"
#include "atomics/amd_builtins.h"
#include "atomics/amd_facts.h"
#include "fixits/edit.h"
#include "fixits/no_fix.h"
#include "parse/ast.h"
#include "cuatomlint/strbuf.h"

/* The parse's targets (of arch_mask) without the builtin's feature. */
static uint64_t targets_without(const struct cal_walk *w, const struct cal_amd_builtin *b)
{
	const struct cal_target_set *set = w->parse->targets;
	uint64_t mask = 0;
	int i;

	for (i = 0; set && i < set->n; i++)
		if ((w->parse->arch_mask & ((uint64_t)1 << i)) && cal_target_is_gfx(set->t[i]) &&
		    !cal_amd_builtin_on(b, set->t[i]))
			mask |= (uint64_t)1 << i;
	return mask;
}

/* Is unsafeAtomicAdd the hardware add on t, as the builtin is? */
static int unsafe_add_is_hardware(const struct cal_walk *w, const struct cal_amd_builtin *b,
				  struct cal_target t)
{
	const struct cal_amd_fact *f = cal_amd_fact_find(t);

	if (t.sm == CAL_GFX_BASE + 0x90a || (f && f->fadd_always))
		return 1;
	return w->parse->unsafe_fp_atomics && cal_amd_has_global_fadd(t, b->size);
}

/* The first target of the build that has the builtin and whose code the fix would slow. */
static const struct cal_target *slowed_target(const struct cal_walk *w,
					      const struct cal_amd_builtin *b)
{
	const struct cal_target_set *set = w->parse->targets;
	int i;

	for (i = 0; set && i < set->n; i++)
		if (cal_amd_builtin_on(b, set->t[i]) && !unsafe_add_is_hardware(w, b, set->t[i]))
			return &set->t[i];
	return NULL;
}

/* The first argument is a plain pointer (unsafeAtomicAdd takes no address-space one). */
static int plain_pointer_argument(CXCursor call)
{
	CXType t;
	CXString s;
	int plain;

	if (clang_Cursor_getNumArguments(call) != 2)
		return 0;
	t = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(call, 0)));
	if (t.kind != CXType_Pointer)
		return 0;
	s = clang_getTypeSpelling(t);
	plain = !strstr(clang_getCString(s), "address_space");
	clang_disposeString(s);
	return plain;
}

static void add_fix_or_say_why(struct cal_walk *w, struct cal_finding *f, CXCursor call,
			       const struct cal_amd_builtin *b)
{
	const struct cal_target *slowed;
	char name[16];

	if (cal_walk_in_dependent_instantiation(w)) {
		cal_note_no_fix_in_template(w, f, w->function, "this call", NULL);
		return;
	}
	if (!b->size) {
		cal_note_no_fix(w, f, call, "HIP has no call that is this instruction where the "
				"target has it and compiles elsewhere; guard the call with "
				"'#if __has_builtin(%s)' and give the other targets a CAS loop",
				b->name);
		return;
	}
	slowed = slowed_target(w, b);
	if (slowed) {
		cal_note_no_fix(w, f, call, "unsafeAtomicAdd would be a CAS loop on %s, where this "
				"builtin is the hardware add (build with -munsafe-fp-atomics, or "
				"guard the call with '#if __has_builtin(%s)')",
				cal_target_name(*slowed, name, (int)sizeof(name)), b->name);
		return;
	}
	if (!plain_pointer_argument(call)) {
		cal_note_no_fix(w, f, call, "the pointer is in an address space that "
				"unsafeAtomicAdd does not take");
		return;
	}
	cal_add_simple_fix(f, "call unsafeAtomicAdd, the same add: the hardware instruction "
			   "where the target has it, a CAS loop elsewhere",
			   clang_getCursorExtent(cal_callee_ref(call)), "unsafeAtomicAdd");
}

void cal_arch_hip_visit(struct cal_walk *w, struct cal_reach *reach, CXCursor c)
{
	const struct cal_amd_builtin *b;
	struct cal_finding *f;
	CXCursor callee;
	uint64_t lacking;
	char *name;

	if (clang_getCursorKind(c) != CXCursor_CallExpr || !cal_walk_in_device_code(w))
		return;
	callee = cal_call_callee(c);
	if (clang_Cursor_isNull(callee))
		return;
	name = cal_cursor_name(callee);
	b = cal_amd_builtin_find(name);
	free(name);
	if (!b || !(lacking = targets_without(w, b)))
		return;
	f = cal_report(w, c, "'%s' does not exist on " CAL_ARCHS_PLACEHOLDER " (clang's target "
		       "feature %s, which %s have): the build fails there", b->name, b->feature,
		       cal_amd_builtin_targets(b));
	f->archs = lacking;
	f->arch_specific = 1;
	cal_reach_defer(reach, w, f, CAL_REACH_EMITTED);
	add_fix_or_say_why(w, f, c, b);
}
