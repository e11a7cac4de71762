/*
 * hip-unsafe-fp-atomic (HIP only): a floating-point atomic add that compiles
 * to the target's hardware FP atomic (amd_facts.h) where the translation
 * unit allocates fine-grained or host memory.  AMD's hardware FP atomics are
 * not performed on such memory (ROCm's atomics support page): the add is
 * silently lost.  The add is the hardware one when it is unsafeAtomicAdd, or
 * any float/double atomicAdd, atomicSub or __hip_atomic_fetch_add built with
 * -munsafe-fp-atomics; on a target without the instruction it is a CAS loop
 * and safe.  The evidence is a call in this translation unit of
 * HIP's host, managed or fine-grained allocators (atomics/host_alloc.h:
 * hipHostMalloc, hipMallocManaged, hipExtMallocWithFlags(..., Finegrained)...):
 * without one the check is quiet, and the finding names the one it rests
 * on.  No fix: nothing proves the atomic's pointer is that memory, and on
 * coarse-grained memory the hardware atomic is right and faster.
 */
#include <stdlib.h>
#include <string.h>

#include "atomics/amd_facts.h"
#include "atomics/host_alloc.h"
#include "checks/hip-unsafe-fp-atomic/proof.h"
#include "fixits/edit.h"
#include "fixits/no_fix.h"
#include "parse/ast.h"
#include "parse/check.h"
#include "cuatomlint/strbuf.h"

struct candidate {
	CXCursor call;
	CXCursor function;	/* the function it is in */
	char *name;
	const char *type;	/* "float" or "double" */
	int unsafe_call;	/* unsafeAtomicAdd itself (else the build flag) */
};

struct state {
	char *evidence;		/* "hipHostMalloc (file.hip:12)" */
	struct cal_fine_proof *proof;	/* what the kernels' pointers hold */
	struct candidate *items;
	size_t nr, alloc;
};

static void *unsafe_begin(struct cal_walk *w)
{
	struct state *st = xcalloc(1, sizeof(struct state));

	(void)w;
	st->proof = cal_fine_proof_new();
	return st;
}

/* HIP's host, managed or (flagged) fine-grained allocators; not a peer's memory. */
static const struct cal_host_alloc *hip_allocator(CXCursor callee)
{
	CXString s = clang_getCursorSpelling(callee);
	const char *name = clang_getCString(s);
	const struct cal_host_alloc *a = cal_host_alloc_find(name, strlen(name));

	clang_disposeString(s);
	return a && a->hip && a->kind != CAL_ALLOC_PEER ? a : NULL;
}

static void note_evidence(struct cal_walk *w, struct state *st, CXCursor call, CXCursor callee,
			  const struct cal_host_alloc *a)
{
	struct cal_pos pos;
	const char *base;
	char *name;

	if (st->evidence || (a->kind == CAL_ALLOC_FLAGGED && !cal_fine_flag_named(w->parse->tu, call)) ||
	    cal_coarse_flag_named(w->parse->tu, call))
		return;
	if (cal_pos_from_location(clang_getCursorLocation(call), &pos) < 0)
		return;
	base = strrchr(pos.file, '/');
	name = cal_cursor_name(callee);
	st->evidence = xasprintf("%s (%s:%u)", name, base ? base + 1 : pos.file, pos.line);
	free(name);
	free(pos.file);
}

/*
 * clang's atomic builtins (__hip_atomic_fetch_add) are AtomicExprs, which
 * libclang shows as unexposed expressions: known by their first token.  A
 * system-scope add is a CAS loop on every target whose hardware add such
 * memory does not perform, -munsafe-fp-atomics or not (clang 19: the fix's
 * own form, test/lit/hip-unsafe-fp-atomic/proven-memory.hip): not judged.
 */
static int is_hip_builtin_add(CXTranslationUnit tu, CXCursor e)
{
	CXToken *toks = NULL;
	unsigned i, n = 0;
	int yes = 0;

	if (clang_getCursorKind(e) != CXCursor_UnexposedExpr)
		return 0;
	clang_tokenize(tu, clang_getCursorExtent(e), &toks, &n);
	for (i = 0; i < n; i++) {
		CXString s = clang_getTokenSpelling(tu, toks[i]);
		if (i == 0)
			yes = n > 1 && !strcmp(clang_getCString(s), "__hip_atomic_fetch_add");
		else if (!strcmp(clang_getCString(s), "__HIP_MEMORY_SCOPE_SYSTEM"))
			yes = 0;
		clang_disposeString(s);
		if (!yes)
			break;
	}
	clang_disposeTokens(tu, toks, n);
	return yes;
}

/* "float" or "double" where the first argument points to one, else NULL. */
static const char *fp_pointee(CXCursor call)
{
	CXCursor arg;
	CXType t;

	if (clang_getCursorKind(call) == CXCursor_UnexposedExpr)
		arg = cal_child(call, 0);
	else if (clang_Cursor_getNumArguments(call) < 2)
		return NULL;
	else
		arg = clang_Cursor_getArgument(call, 0);
	t = clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(arg))));
	return t.kind == CXType_Float ? "float" : t.kind == CXType_Double ? "double" : NULL;
}

/* HIP's float atomicAdd & co.; callee is null for a builtin (__hip_atomic_fetch_add). */
static int is_fp_add(CXCursor call, CXCursor callee)
{
	static const char *const names[] = { "atomicAdd", "atomicAdd_system", "atomicSub",
		"atomicSub_system", NULL };
	int i;

	if (clang_Cursor_isNull(callee))
		return clang_getCursorKind(call) == CXCursor_UnexposedExpr;
	if (!cal_cursor_in_system_header(callee))	/* a project's own atomicAdd */
		return 0;
	for (i = 0; names[i]; i++)
		if (cal_cursor_name_is(callee, names[i]))
			return 1;
	return 0;
}

static void note_candidate(struct cal_walk *w, struct state *st, CXCursor call, CXCursor callee)
{
	int unsafe_call = !clang_Cursor_isNull(callee) &&
			  cal_cursor_name_is(callee, "unsafeAtomicAdd") &&
			  cal_cursor_in_system_header(callee);
	const char *type = fp_pointee(call);
	struct candidate *c;

	if (!type || !w->parse->arch ||
	    !cal_amd_fadd_unsafe(*w->parse->arch, !strcmp(type, "float") ? 4 : 8))
		return;
	if (!unsafe_call && !(w->parse->unsafe_fp_atomics && is_fp_add(call, callee)))
		return;
	GROW(st->items, st->alloc, st->nr + 1);
	c = &st->items[st->nr++];
	c->call = call;
	c->function = w->function;
	c->name = clang_Cursor_isNull(callee) ? xstrdup("__hip_atomic_fetch_add") :
		  cal_cursor_name(callee);
	c->type = type;
	c->unsafe_call = unsafe_call;
}

static void unsafe_visit(struct cal_walk *w, CXCursor c, void *state)
{
	struct state *st = state;
	const struct cal_host_alloc *a;
	CXCursor callee;

	if (!w->parse->hip)
		return;
	cal_fine_proof_visit(st->proof, w, c);
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr)
		return;
	if (clang_getCursorKind(c) == CXCursor_UnexposedExpr) {
		if (cal_walk_in_device_code(w) && is_hip_builtin_add(w->parse->tu, c))
			note_candidate(w, st, c, clang_getNullCursor());
		return;
	}
	callee = cal_call_callee(c);
	if (cal_walk_in_device_code(w))
		note_candidate(w, st, c, callee);
	else if (!clang_Cursor_isNull(callee) && (a = hip_allocator(callee)))
		note_evidence(w, st, c, callee, a);
}

/*
 * Where every launch of the kernel passes host or fine-grained memory
 * (proof.h), the add becomes a relaxed system-scope __hip_atomic_fetch_add:
 * clang 19 makes it a CAS loop on every target whose hardware add such
 * memory does not perform, with or without -munsafe-fp-atomics (HIP 5.2's
 * safeAtomicAdd(float *) is the hardware add on gfx11 and gfx12 under that
 * flag), and system scope is the one a CPU writer needs.  gfx940's hardware
 * add, which LLVM deems right on every memory, stays.
 */
static int add_fix(struct cal_walk *w, const struct state *st, struct cal_finding *f,
		   const struct candidate *c)
{
	CXTranslationUnit tu = w->parse->tu;
	char *ptr, *val, *text, *desc;
	const char *alloc = NULL;
	int ok;

	if (clang_getCursorKind(c->call) != CXCursor_CallExpr ||
	    clang_Cursor_getNumArguments(c->call) != 2 || !strcmp(c->name, "atomicSub") ||
	    !strcmp(c->name, "atomicSub_system") ||
	    !cal_fine_proof_holds(st->proof, tu, c->function,
				  clang_Cursor_getArgument(c->call, 0), &alloc))
		return 0;
	ptr = cal_cursor_text(tu, clang_Cursor_getArgument(c->call, 0), CAL_TEXT_MACRO_USES);
	val = cal_cursor_text(tu, clang_Cursor_getArgument(c->call, 1), CAL_TEXT_MACRO_USES);
	ok = ptr && val;
	if (ok) {
		text = xasprintf("__hip_atomic_fetch_add(%s, %s, __ATOMIC_RELAXED, "
				 "__HIP_MEMORY_SCOPE_SYSTEM)", ptr, val);
		desc = xasprintf("every launch of the kernel here passes %s memory: add with a "
				 "relaxed system-scope __hip_atomic_fetch_add, a CAS loop such memory "
				 "performs", alloc);
		ok = cal_add_simple_fix(f, desc, clang_getCursorExtent(c->call), text) == 0;
		free(text);
		free(desc);
	}
	free(ptr);
	free(val);
	return ok;
}

static void report(struct cal_walk *w, const struct state *st, const struct candidate *c)
{
	struct cal_finding *f;

	if (c->unsafe_call)
		f = cal_report(w, c->call, "'%s' on '%s' is undefined on fine-grained or host memory "
			       "(HIP's header: it may use the hardware floating-point atomic of "
			       CAL_ARCHS_PLACEHOLDER ", which such memory does not perform), and this "
			       "translation unit allocates such memory: %s",
			       c->name, c->type, st->evidence);
	else
		f = cal_report(w, c->call, "'%s' on '%s' is the hardware floating-point atomic of "
			       CAL_ARCHS_PLACEHOLDER " under -munsafe-fp-atomics, which is not "
			       "performed on fine-grained or host memory, and this translation unit "
			       "allocates such memory: %s", c->name, c->type, st->evidence);
	if (!add_fix(w, st, f, c))
		cal_note_no_fix(w, f, c->call, "nothing proves that this pointer is that memory; "
				"where it may be, use __hip_atomic_fetch_add(p, v, __ATOMIC_RELAXED, "
				"__HIP_MEMORY_SCOPE_SYSTEM)%s", c->unsafe_call ? "" :
				", or build without -munsafe-fp-atomics");
}

static void unsafe_end(struct cal_walk *w, void *state)
{
	struct state *st = state;
	size_t i;

	for (i = 0; i < st->nr; i++) {
		if (st->evidence)
			report(w, st, &st->items[i]);
		free(st->items[i].name);
	}
	free(st->items);
	free(st->evidence);
	cal_fine_proof_free(st->proof);
	free(st);
}

const struct cal_check cal_check_hip_unsafe_fp_atomic = {
	.id = "hip-unsafe-fp-atomic",
	.severity = CAL_SEV_WARNING,
	.enabled_by_default = 1,
	.summary = "HIP: a floating-point atomic add compiled to AMD's hardware FP atomic in a "
		   "translation unit that allocates fine-grained or host memory, where the add "
		   "is silently lost",
	.doc = "hip-unsafe-fp-atomic.md",
	.languages = CAL_LANG_HIP,
	.kinds = CAL_KINDS(CXCursor_CallExpr, CXCursor_UnexposedExpr, CXCursor_DeclRefExpr),
	.begin = unsafe_begin,
	.visit = unsafe_visit,
	.end = unsafe_end,
	.hip_fixes = 1,
};
