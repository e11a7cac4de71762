#include "parse/clang_gaps.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse/ast.h"
#include "cuatomlint/strbuf.h"

/* What a gap's clang error must look like. */
struct clang_gap {
	const char *id;
	/* clang's error text, one of these exactly (NULL: at decides from the text) */
	const char *const *messages;
	/*
	 * The error's notes: every note must say all_notes (NULL: no such
	 * rule); some note must lie in a file named some_note_in (NULL: no
	 * such rule).
	 */
	const char *all_notes;
	const char *some_note_in;
	unsigned device_below_sm;	/* only device parses below this sm; 0: any parse */
	/*
	 * The call's arguments: two of one type nvcc's host overloads take
	 * exactly (int, unsigned, long, ..., float, double), so nvcc's overload
	 * resolution is sure to pick one; mixed types may be ambiguous there.
	 */
	int same_type_args;
	int host_parse_only;	/* only the host parse */
	int rdc;		/* 1: only parses with -fgpu-rdc; -1: only without */
	/*
	 * nvcc rejects the code too: the error stays the user's, with why as
	 * a note (how to write it so both compile).
	 */
	int nvcc_too;
	const char *why;
	/* where the error must be, in the source text (NULL: anywhere) */
	int (*at)(CXTranslationUnit tu, CXDiagnostic d);
};

static int in_asm_operands_without_comma(CXTranslationUnit tu, CXDiagnostic d);
static int in_spaced_launch_of_plain_kernel(CXTranslationUnit tu, CXDiagnostic d);
static int at_device_side_launch(CXTranslationUnit tu, CXDiagnostic d);
static int at_ptx_special_register(CXTranslationUnit tu, CXDiagnostic d);
static int after_execution_space(CXTranslationUnit tu, CXDiagnostic d);
static int names_decltype_member(CXTranslationUnit tu, CXDiagnostic d);

static const char *const redefined_atomic_add[] = { "redefinition of 'atomicAdd'", NULL };
static const char *const expected_paren[] = { "expected ')'", NULL };
static const char *const expected_expression[] = { "expected expression", NULL };
static const char *const assert_fail_hd[] = {
	"__host__ __device__ function '__assert_fail' cannot overload __host__ function '__assert_fail'",
	NULL,
};
static const char *const invalid_asm_escape[] = {
	"invalid % escape in inline assembly string", NULL,
};
static const char *const misplaced_attribute_list[] = {
	"an attribute list cannot appear here",
	"'nodiscard' attribute cannot be applied to types",
	"'maybe_unused' attribute cannot be applied to types",
	NULL,
};
static const char *const template_in_destructor[] = {
	"'template' keyword not permitted in destructor name", NULL,
};
static const char *const min_max_calls[] = {
	"no matching function for call to 'min'", "no matching function for call to 'max'", NULL,
};

static const struct clang_gap gaps[] = {
	{
		/* CUDA guide: the CAS-loop atomicAdd(double*) under __CUDA_ARCH__ < 600 */
		"atomicadd-double-fallback", redefined_atomic_add, NULL,
		"sm_60_atomic_functions.hpp", 60, 0, 0, 0, 0,
		"clang's CUDA wrapper defines atomicAdd(double *, double) for every target; "
		"nvcc's headers only from sm_60 on, so the user's fallback below sm_60 is no redefinition", NULL,
	},
	{
		/* NVIDIA's cuda-samples: host code calling min()/max() */
		"host-min-max", min_max_calls,
		"candidate function not viable: call to __device__ function from __host__ function",
		NULL, 0, 1, 0, 0, 0,
		"nvcc's headers declare min()/max() for host code too; clang's wrapper only for "
		"device code", NULL,
	},
	{
		/* the guide's literal guard is true in the host pass as well */
		"atomicadd-double-fallback-host", redefined_atomic_add, NULL,
		"sm_60_atomic_functions.hpp", 0, 0, 1, 0, 1,
		"nvcc rejects it too: '__CUDA_ARCH__ < 600' also holds in the host pass, where "
		"__CUDA_ARCH__ is undefined and the toolkit defines atomicAdd(double *, double); "
		"guard the fallback with '#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600'", NULL,
	},
	{
		/* cuda-samples' conjugateGradientMultiDeviceCG: '::"r"(v) "l"(p)' */
		"asm-operand-comma", expected_paren, NULL, NULL, 0, 0, 0, 0, 0,
		"nvcc accepts inline-asm operands with no comma between them; clang stops at the "
		"second one and drops the asm statement, so the checks do not see that statement",
		in_asm_operands_without_comma,
	},
	{
		/* SimpleGPUHashTable: 'k<< <grid, block >> >(args)', as Visual Studio formats it */
		"launch-chevrons-spaced", expected_expression, NULL, NULL, 0, 0, 0, 0, 0,
		"nvcc accepts a kernel launch whose '<<<' and '>>>' are split by spaces; clang reads "
		"shifts and drops the launch statement (only for kernels that are no templates, so "
		"no instantiation is lost)",
		in_spaced_launch_of_plain_kernel,
	},
	{
		/* cuda-samples' cdpQuadtree, cdpAdvancedQuicksort: dynamic parallelism */
		"device-side-launch", NULL, NULL, NULL, 0, 0, 0, 1, 0,
		"clang cannot parse kernel launches in device code (dynamic parallelism), which "
		"nvcc -rdc=true compiles; clang drops the launch statement, so the checks do not see "
		"that statement (only for a kernel that is no template, or a template kernel "
		"launching itself with its own parameters: no instantiation is lost)",
		at_device_side_launch,
	},
	{
		"device-side-launch-without-rdc", NULL, NULL, NULL, 0, 0, 0, -1, 1,
		"nvcc rejects it too: a kernel launch in device code (dynamic parallelism) needs "
		"separate compilation, -rdc=true or -dc",
		at_device_side_launch,
	},
	{
		/* every CCCL header with -DNDEBUG (CMake's Release builds) */
		"assert-fail-host-device", assert_fail_hd, NULL, "cuatomlint_prelude.h", 0, 0, 0, 0, 0,
		"nvcc's headers declare __assert_fail() __host__ __device__, as CCCL redeclares it "
		"under NDEBUG; clang's wrapper has a __device__ one and glibc a host one, which clang "
		"will not let a __host__ __device__ declaration overload (both stay, and calls from "
		"host and device code find them)", NULL,
	},
	{
		/* 'asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t))': profilers, timeouts */
		"asm-special-register", invalid_asm_escape, NULL, NULL, 0, 0, 0, 0, 0,
		"nvcc passes a PTX special register written with one '%' ('%globaltimer', '%smid', "
		"'%laneid') through an asm statement with operands; clang reads an operand escape and "
		"drops the asm statement, so the checks do not see that statement",
		at_ptx_special_register,
	},
	{
		/* RAPIDS: 'CUDF_HOST_DEVICE [[nodiscard]] inline rep value() const' */
		"attribute-list-after-execution-space", misplaced_attribute_list, NULL, NULL,
		0, 0, 0, 0, 0,
		"nvcc accepts a C++11 attribute list ([[nodiscard]]) after __host__/__device__ at "
		"the start of a member declaration; clang refuses it there and ignores the "
		"attribute, keeping the declaration",
		after_execution_space,
	},
	{
		/* NCCL's symmetric kernels: 'sizeof(decltype(srcPtr)::ElementType)' in a template */
		"typename-before-decltype-member", NULL, NULL, NULL, 0, 0, 0, 0, 0,
		"nvcc accepts a member type of a dependent decltype without 'typename' "
		"('decltype(p)::ElementType'); clang refuses it and reads the name as a type, as "
		"nvcc does", names_decltype_member,
	},
	{
		/* NCCL's symmetric kernels: 'outbox.template ~ncclGinOutboxSession<Coop>()' */
		"template-keyword-destructor", template_in_destructor, NULL, NULL, 0, 0, 0, 0, 0,
		"nvcc accepts an explicit destructor call of a template specialization written "
		"with the 'template' keyword ('x.template ~T<A>()'); clang refuses the keyword and "
		"reads the call without it", NULL,
	},
};

/* ---- typename-before-decltype-member ---- */

/* Is the error a missing 'typename' before a member of a decltype? */
static int names_decltype_member(CXTranslationUnit tu, CXDiagnostic d)
{
	static const char prefix[] = "missing 'typename' prior to dependent type name 'decltype(";
	char *s = cal_take_string(clang_getDiagnosticSpelling(d));
	int match = s && !strncmp(s, prefix, sizeof(prefix) - 1);

	(void)tu;
	free(s);
	return match;
}

static int is_one_of(const char *s, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(s, *list))
			return 1;
	return 0;
}

static int in_file_named(CXDiagnostic note, const char *base)
{
	CXFile file;
	char *name, *slash;
	int match = 0;

	clang_getExpansionLocation(clang_getDiagnosticLocation(note), &file, NULL, NULL, NULL);
	if (!file)
		return 0;
	name = cal_take_string(clang_getFileName(file));
	slash = name ? strrchr(name, '/') : NULL;
	match = name && !strcmp(slash ? slash + 1 : name, base);
	free(name);
	return match;
}

/* Do the error's notes say what the gap's notes say? */
static int notes_match(CXDiagnostic d, const struct clang_gap *gap)
{
	CXDiagnosticSet notes = clang_getChildDiagnostics(d);
	unsigned i, n = notes ? clang_getNumDiagnosticsInSet(notes) : 0;
	int all = n > 0, some = 0;

	for (i = 0; i < n; i++) {
		CXDiagnostic note = clang_getDiagnosticInSet(notes, i);
		char *text = cal_take_string(clang_getDiagnosticSpelling(note));
		if (gap->all_notes && (!text || strcmp(text, gap->all_notes)))
			all = 0;
		if (gap->some_note_in && in_file_named(note, gap->some_note_in))
			some = 1;
		free(text);
		clang_disposeDiagnostic(note);
	}
	return (!gap->all_notes || all) && (!gap->some_note_in || some);
}

/* The call clang could not resolve, found by where its error points. */
struct failed_call {
	CXSourceLocation at;
	CXFile file;
	unsigned offset;
	int callee;		/* seen */
	int args;
	enum CXTypeKind kinds[2];	/* of the first two arguments */
	int found;
};

static int has_exact_host_overload(enum CXTypeKind k)
{
	static const enum CXTypeKind kinds[] = {
		CXType_Int, CXType_UInt, CXType_Long, CXType_ULong, CXType_LongLong,
		CXType_ULongLong, CXType_Float, CXType_Double,
	};
	size_t i;
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (k == kinds[i])
			return 1;
	return 0;
}

static enum CXChildVisitResult count_args(CXCursor c, CXCursor parent, CXClientData data)
{
	struct failed_call *call = data;

	(void)parent;
	if (!call->callee) {
		/* the first child names the function, or this is no call */
		enum CXCursorKind k = clang_getCursorKind(c);
		call->callee = k == CXCursor_DeclRefExpr || k == CXCursor_OverloadedDeclRef ? 1 : -1;
		return call->callee > 0 ? CXChildVisit_Continue : CXChildVisit_Break;
	}
	if (call->args < 2) {
		CXType t = clang_getCursorType(c);
		call->kinds[call->args] = t.kind == CXType_Invalid
						  ? CXType_Invalid : clang_getCanonicalType(t).kind;
	}
	call->args++;
	return CXChildVisit_Continue;
}

static int contains(CXCursor c, const struct failed_call *call)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile f1, f2;
	unsigned b, e;

	clang_getExpansionLocation(clang_getRangeStart(r), &f1, NULL, NULL, &b);
	clang_getExpansionLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &e);
	return f1 && clang_File_isEqual(f1, call->file) && b <= call->offset &&
	       call->offset < e;
}

static enum CXChildVisitResult find_call(CXCursor c, CXCursor parent, CXClientData data)
{
	struct failed_call *call = data;
	CXFile file;
	unsigned offset;

	(void)parent;
	if (call->found || !contains(c, call) || cal_is_instantiation(c))
		return CXChildVisit_Continue;
	clang_getExpansionLocation(clang_getCursorLocation(c), &file, NULL, NULL, &offset);
	if (offset == call->offset && (clang_getCursorKind(c) == CXCursor_CallExpr ||
				       clang_getCursorKind(c) == CXCursor_UnexposedExpr)) {
		call->callee = call->args = 0;
		clang_visitChildren(c, count_args, call);
		call->found = call->callee > 0;
		if (call->found)
			return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/*
 * The mixed pairs CUDA's crt/math_functions.hpp also declares
 * __host__ __device__ (min and max alike): (int, unsigned), (long,
 * unsigned long), (long long, unsigned long long) both ways round, and
 * (float, double).  Other mixes (int and long) are ambiguous in nvcc too.
 */
static int has_exact_mixed_overload(enum CXTypeKind a, enum CXTypeKind b)
{
	static const enum CXTypeKind pairs[][2] = {
		{ CXType_Int, CXType_UInt }, { CXType_Long, CXType_ULong },
		{ CXType_LongLong, CXType_ULongLong }, { CXType_Float, CXType_Double },
	};
	size_t i;
	for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
		if ((a == pairs[i][0] && b == pairs[i][1]) || (a == pairs[i][1] && b == pairs[i][0]))
			return 1;
	return 0;
}

/* Has the call the error points at two arguments that one host overload takes exactly? */
static int has_same_type_args(CXTranslationUnit tu, CXDiagnostic d)
{
	struct failed_call call;

	memset(&call, 0, sizeof(call));
	call.at = clang_getDiagnosticLocation(d);
	clang_getExpansionLocation(call.at, &call.file, NULL, NULL, &call.offset);
	if (!call.file)
		return 0;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_call, &call);
	return call.found && call.args == 2 &&
	       ((call.kinds[0] == call.kinds[1] && has_exact_host_overload(call.kinds[0])) ||
		has_exact_mixed_overload(call.kinds[0], call.kinds[1]));
}

/* ---- asm-operand-comma: where the error is, read from the file's text ---- */

/* The text of the file diagnostic d is in (its size, d's offset in it), or NULL. */
static const char *diag_text(CXTranslationUnit tu, CXDiagnostic d, CXFile *file, size_t *size,
			     unsigned *offset)
{
	*size = 0;
	clang_getSpellingLocation(clang_getDiagnosticLocation(d), file, NULL, NULL, offset);
	return *file ? cal_file_contents(tu, *file, size) : NULL;
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static int is_ident_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* The offset of the last character before at that is no white space, or -1. */
static long skip_space_back(const char *text, long at)
{
	while (at >= 0 && is_space(text[at]))
		at--;
	return at;
}

/* text[at] ends a string literal: the offset of its opening quote, or -1. */
static long string_start(const char *text, long at, long stop)
{
	for (at--; at >= stop; at--) {
		long slashes = 0;
		if (text[at] != '"')
			continue;
		while (at - 1 - slashes >= stop && text[at - 1 - slashes] == '\\')
			slashes++;
		if (slashes % 2 == 0)
			return at;
	}
	return -1;
}

/*
 * The '(' that opens the parentheses around offset at, scanning back at
 * most 4096 characters over balanced parentheses and string literals, or
 * -1; *colon says whether a ':' lies between it and at, at its level.
 */
static long enclosing_paren(const char *text, long at, int *colon)
{
	long stop = at > 4096 ? at - 4096 : 0;
	int depth = 0;

	*colon = 0;
	for (at--; at >= stop; at--) {
		char c = text[at];
		if (c == '"' && (at = string_start(text, at, stop)) < 0)
			return -1;
		else if (c == ')')
			depth++;
		else if (c == '(' && depth-- == 0)
			return at;
		else if (c == ':' && depth == 0)
			*colon = 1;
		else if (c == ';' || c == '{' || c == '}')
			return -1;
	}
	return -1;
}

/* Do the words before offset at (the '(') read 'asm', '__asm__' or '__asm', with qualifiers? */
static int asm_keyword_before(const char *text, long at)
{
	static const char *const qualifiers[] = { "volatile", "__volatile__", "inline", "goto", NULL };
	static const char *const keywords[] = { "asm", "__asm__", "__asm", NULL };
	int words;

	for (words = 0; words < 4; words++) {
		long end = skip_space_back(text, at - 1), start = end;
		size_t n;
		const char *const *k;
		while (start >= 0 && is_ident_char(text[start]))
			start--;
		n = (size_t)(end - start);
		if (n == 0)
			return 0;
		for (k = keywords; *k; k++)
			if (strlen(*k) == n && !strncmp(text + start + 1, *k, n))
				return 1;
		for (k = qualifiers; *k; k++)
			if (strlen(*k) == n && !strncmp(text + start + 1, *k, n))
				break;
		if (!*k)
			return 0;
		at = start + 1;
	}
	return 0;
}

/*
 * Is the error at the constraint string of an inline-asm operand that
 * follows the previous operand's ')' with no comma: 'asm("..." :: "r"(v)
 * "l"(p))'?
 */
static int in_asm_operands_without_comma(CXTranslationUnit tu, CXDiagnostic d)
{
	CXFile file;
	unsigned offset;
	size_t size = 0;
	const char *text;
	long paren, before;
	int colon;

	if (!(text = diag_text(tu, d, &file, &size, &offset)) || offset >= size ||
	    text[offset] != '"')
		return 0;
	before = skip_space_back(text, (long)offset - 1);
	if (before < 0 || text[before] != ')')
		return 0;
	paren = enclosing_paren(text, (long)offset, &colon);
	return paren >= 0 && colon && asm_keyword_before(text, paren);
}

/* ---- asm-special-register ---- */

/*
 * The PTX ISA's special registers (section "Special Registers"); a name
 * may go on with digits or a suffix ('%envreg3', '%pm0_64', '%tid.x',
 * '%globaltimer_lo', '%lanemask_lt').
 */
static const char *const ptx_special_registers[] = {
	"tid", "ntid", "laneid", "warpid", "nwarpid", "ctaid", "nctaid", "smid", "nsmid",
	"gridid", "is_explicit_cluster", "clusterid", "nclusterid", "cluster_ctaid",
	"cluster_nctaid", "cluster_ctarank", "cluster_nctarank", "lanemask_eq", "lanemask_le",
	"lanemask_lt", "lanemask_ge", "lanemask_gt", "clock", "clock64", "clock_hi", "pm",
	"envreg", "globaltimer", "reserved_smem_offset", "total_smem_size", "aggr_smem_size",
	"dynamic_smem_size", "current_graph_exec", NULL,
};

/* Is text[at..end) digits, then nothing or '_' and letters or digits ('_64', '_lo', '_begin')? */
static int register_suffix(const char *text, size_t at, size_t end)
{
	while (at < end && text[at] >= '0' && text[at] <= '9')
		at++;
	if (at == end)
		return 1;
	if (text[at] != '_' || at + 1 == end)
		return 0;
	for (at++; at < end; at++)
		if (text[at] == '_' || text[at] < '0' || (text[at] > '9' && text[at] < 'a') ||
		    text[at] > 'z')
			return 0;
	return 1;
}

/* Does text[at...] name a special register (and, after a '.', only x, y or z)? */
static int names_special_register(const char *text, size_t size, size_t at)
{
	const char *const *r;
	size_t end = at;

	while (end < size && is_ident_char(text[end]))
		end++;
	if (end < size && text[end] == '.' &&
	    (end + 1 >= size || !strchr("xyz", text[end + 1]) ||
	     (end + 2 < size && is_ident_char(text[end + 2]))))
		return 0;
	for (r = ptx_special_registers; *r; r++) {
		size_t n = strlen(*r);
		if (end - at >= n && !strncmp(text + at, *r, n) && register_suffix(text, at + n, end))
			return 1;
	}
	return 0;
}

/* The opening quote of the string literal that holds text[at], or -1. */
static long string_opening(const char *text, long at)
{
	long stop = at > 4096 ? at - 4096 : 0;

	for (at--; at >= stop; at--) {
		long slashes = 0;
		if (text[at] == '\n')
			return -1;
		if (text[at] != '"')
			continue;
		while (at - 1 - slashes >= stop && text[at - 1 - slashes] == '\\')
			slashes++;
		if (slashes % 2 == 0)
			return at;
	}
	return -1;
}

/*
 * Is the error in a PTX special register's name written with one '%',
 * inside the template string of an asm statement?
 */
static int at_ptx_special_register(CXTranslationUnit tu, CXDiagnostic d)
{
	CXFile file;
	unsigned offset;
	size_t size = 0;
	const char *text;
	long quote, paren;
	int colon;

	/* clang points past the letter it took for an operand modifier: '%g|lobaltimer' */
	if (!(text = diag_text(tu, d, &file, &size, &offset)) || offset >= size ||
	    offset < 2 || text[offset - 2] != '%' ||
	    !names_special_register(text, size, offset - 1))
		return 0;
	quote = string_opening(text, (long)offset - 2);
	if (quote < 0)
		return 0;
	paren = enclosing_paren(text, quote, &colon);
	return paren >= 0 && !colon && asm_keyword_before(text, paren);
}

/* ---- attribute-list-after-execution-space ---- */

/* The execution-space and launch words of crt/host_defines.h. */
static const char *const execution_space_words[] = {
	"__host__", "__device__", "__global__", "__noinline__", "__launch_bounds__",
	"__shared__", "__constant__", "__managed__", "__grid_constant__", "__cluster_dims__",
	"__maxnreg__", NULL,
};

struct macro_lookup {
	const char *name;
	CXCursor found;
};

static enum CXChildVisitResult find_macro(CXCursor c, CXCursor parent, CXClientData data)
{
	struct macro_lookup *m = data;
	char *name;

	(void)parent;
	/* the record comes before the declarations (clang_visitChildren's order) */
	if (!clang_isPreprocessing(clang_getCursorKind(c)))
		return CXChildVisit_Break;
	if (clang_getCursorKind(c) != CXCursor_MacroDefinition)
		return CXChildVisit_Continue;
	name = cal_take_string(clang_getCursorSpelling(c));
	if (name && !strcmp(name, m->name))
		m->found = c;	/* the last definition wins */
	free(name);
	return CXChildVisit_Continue;
}

static int expands_to_attributes(CXTranslationUnit tu, const char *name, int depth);

/* The token after the balanced '(...)' that opens at tokens[i], or -1. */
static long skip_token_parens(CXTranslationUnit tu, const CXToken *tokens, unsigned n, unsigned i)
{
	int level = 0;

	for (; i < n; i++) {
		char *t = cal_take_string(clang_getTokenSpelling(tu, tokens[i]));
		if (t && !strcmp(t, "("))
			level++;
		else if (t && !strcmp(t, ")"))
			level--;
		free(t);
		if (level == 0)
			return (long)i + 1;
	}
	return -1;
}

static int is_token(CXTranslationUnit tu, CXToken tok, const char *what)
{
	char *t = cal_take_string(clang_getTokenSpelling(tu, tok));
	int yes = t && !strcmp(t, what);
	free(t);
	return yes;
}

/*
 * Are tokens[from, to) only attributes: __attribute__((...)), __declspec(...),
 * execution-space words, or macros made of them, each word maybe with
 * '(...)' after it?
 */
static int attribute_tokens(CXTranslationUnit tu, const CXToken *tokens, unsigned from,
			    unsigned to, int depth)
{
	unsigned i = from;

	while (i < to) {
		CXTokenKind kind = clang_getTokenKind(tokens[i]);
		char *word;
		int ok;
		if (kind == CXToken_Comment) {	/* clang_tokenize keeps them */
			i++;
			continue;
		}
		word = cal_take_string(clang_getTokenSpelling(tu, tokens[i]));
		ok = word && ((kind == CXToken_Keyword && (!strcmp(word, "__attribute__") ||
							       !strcmp(word, "__declspec"))) ||
				  (kind == CXToken_Identifier &&
				   (is_one_of(word, execution_space_words) ||
				    expands_to_attributes(tu, word, depth + 1))));
		free(word);
		if (!ok)
			return 0;
		i++;
		if (i < to && is_token(tu, tokens[i], "(")) {
			long next = skip_token_parens(tu, tokens, to, i);
			if (next < 0)
				return 0;
			i = (unsigned)next;
		}
	}
	return 1;
}

/* Is name an object-like or function-like macro whose body is only attributes? */
static int expands_to_attributes(CXTranslationUnit tu, const char *name, int depth)
{
	struct macro_lookup m = { name, clang_getNullCursor() };
	CXToken *tokens = NULL;
	unsigned n = 0, body = 1;
	int ok;

	if (depth > 4)
		return 0;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_macro, &m);
	if (clang_Cursor_isNull(m.found))
		return 0;
	clang_tokenize(tu, clang_getCursorExtent(m.found), &tokens, &n);
	if (n && clang_Cursor_isMacroFunctionLike(m.found)) {
		long after = skip_token_parens(tu, tokens, n, 1);
		body = after < 0 ? n + 1 : (unsigned)after;
	}
	ok = body <= n && attribute_tokens(tu, tokens, body, n, depth);
	clang_disposeTokens(tu, tokens, n);
	return ok;
}

/* The offset of the '[[' that opens the attribute list holding text[at], or -1. */
static long attribute_list_start(const char *text, long at)
{
	long stop = at > 256 ? at - 256 : 0;

	for (; at >= stop; at--) {
		if (text[at] == '[' && text[at + 1] == '[')
			return at;
		if (strchr(";{}", text[at]) || (text[at] == ']' && text[at + 1] == ']'))
			return -1;
	}
	return -1;
}

/*
 * The first token of the words right before tokens[end] that start a
 * declaration: back over words and their '(...)' to a ';', '{', '}', ':'
 * or '>' (a template header); -1 if something else comes first.
 */
static long declaration_words_start(CXTranslationUnit tu, const CXToken *tokens, long end)
{
	long i = end - 1;
	int level = 0;

	for (; i >= 0; i--) {
		char *t = cal_take_string(clang_getTokenSpelling(tu, tokens[i]));
		CXTokenKind kind = clang_getTokenKind(tokens[i]);
		int stop = 0, bad = 0;
		if (kind == CXToken_Comment)
			;	/* a doc comment before the declaration: no boundary */
		else if (!t)
			bad = 1;
		else if (!strcmp(t, ")"))
			level++;
		else if (!strcmp(t, "("))
			level--;
		else if (level == 0 && (!strcmp(t, ";") || !strcmp(t, "{") || !strcmp(t, "}") ||
					!strcmp(t, ":") || !strcmp(t, ">")))
			stop = 1;
		else if (level == 0 && kind != CXToken_Identifier &&
			 !(kind == CXToken_Keyword && (!strcmp(t, "__attribute__") ||
						       !strcmp(t, "__declspec"))))
			bad = 1;
		free(t);
		if (bad || level < 0)
			return -1;
		if (stop)
			return i + 1 < end ? i + 1 : -1;
	}
	return -1;
}

/*
 * Is the error at a '[[...]]' list that follows, at the start of a
 * declaration, only execution-space attributes (__host__ __device__, or a
 * macro of them such as RAPIDS' CUDF_HOST_DEVICE)?  nvcc accepts that
 * order; after 'static', 'inline' or '__forceinline__' nvcc refuses it too,
 * and the error stays.
 */
static int after_execution_space(CXTranslationUnit tu, CXDiagnostic d)
{
	CXFile file;
	unsigned offset, total = 0, n;
	size_t size = 0;
	const char *text;
	long list, from, start;
	CXToken *tokens = NULL;
	int ok;

	if (!(text = diag_text(tu, d, &file, &size, &offset)) || offset + 1 >= size ||
	    (list = attribute_list_start(text, (long)offset)) < 0)
		return 0;
	from = list > 2048 ? list - 2048 : 0;
	clang_tokenize(tu, clang_getRange(clang_getLocationForOffset(tu, file, (unsigned)from),
					  clang_getLocationForOffset(tu, file, (unsigned)list)),
		       &tokens, &total);
	n = total;
	/* the range's end token may be the '[' itself */
	while (n && is_token(tu, tokens[n - 1], "["))
		n--;
	start = declaration_words_start(tu, tokens, (long)n);
	ok = start >= 0 && attribute_tokens(tu, tokens, (unsigned)start, n, 0);
	clang_disposeTokens(tu, tokens, total);
	return ok;
}

/* ---- launch-chevrons-spaced ---- */

struct named_kernel {
	const char *name;
	size_t len;
	int plain;	/* a __global__ function of that name that is no template */
	int templ;	/* a function template of that name */
	uint64_t params;	/* bit n: one of them takes n parameters (n < 64) */
};

static enum CXChildVisitResult count_param(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_ParmDecl)
		++*(int *)data;
	return CXChildVisit_Continue;
}

static void note_params(struct named_kernel *k, CXCursor fn)
{
	int n = 0;

	clang_visitChildren(fn, count_param, &n);
	if (n < 64)
		k->params |= (uint64_t)1 << n;
}

static enum CXChildVisitResult kernel_by_name(CXCursor c, CXCursor parent, CXClientData data)
{
	struct named_kernel *k = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	char *name;

	(void)parent;
	if (kind == CXCursor_Namespace || kind == CXCursor_LinkageSpec)
		return CXChildVisit_Recurse;
	/* a parse that lists instantiations (check.h) names the template's own */
	if ((kind != CXCursor_FunctionDecl && kind != CXCursor_FunctionTemplate) ||
	    cal_is_instantiation(c))
		return CXChildVisit_Continue;
	name = cal_take_string(clang_getCursorSpelling(c));
	if (name && strlen(name) == k->len && !strncmp(name, k->name, k->len)) {
		if (kind == CXCursor_FunctionTemplate)
			k->templ = 1;
		else if (cal_function_space(c) == CAL_SPACE_GLOBAL)
			k->plain = 1;
		note_params(k, c);
	}
	free(name);
	return CXChildVisit_Continue;
}

/* Is text[lt] the last '<' of '<< <' (a space before it) after a name? The name's extent in *k. */
static int spaced_open_after_name(const char *text, long lt, struct named_kernel *k)
{
	long at = skip_space_back(text, lt - 1), end;

	if (at < 1 || text[at] != '<' || text[at - 1] != '<' || at == lt - 1)
		return 0;
	end = skip_space_back(text, at - 2);
	for (at = end; at >= 0 && is_ident_char(text[at]); at--)
		;
	if (end < 0 || at == end || (text[at + 1] >= '0' && text[at + 1] <= '9'))
		return 0;
	k->name = text + at + 1;
	k->len = (size_t)(end - at);
	return 1;
}

/*
 * Is the error in a kernel launch written 'k<< <g, b >> >(args)': at the
 * last '<' of '<< <', or at the last '>' of '>> >' with such an opening
 * earlier in the statement?  Only for a kernel that is no template (and no
 * template shares its name): a template kernel's launch instantiates it,
 * and dropping it would lose that instantiation's findings, so that stays
 * an error.
 */
static int in_spaced_launch_of_plain_kernel(CXTranslationUnit tu, CXDiagnostic d)
{
	CXFile file;
	unsigned offset;
	size_t size = 0;
	const char *text;
	long at, stop;
	struct named_kernel k = { NULL, 0, 0, 0, 0 };
	int found = 0;

	if (!(text = diag_text(tu, d, &file, &size, &offset)) || offset >= size)
		return 0;
	if (text[offset] == '<') {
		found = spaced_open_after_name(text, (long)offset, &k);
	} else if (text[offset] == '>') {
		at = skip_space_back(text, (long)offset - 1);
		if (at < 1 || text[at] != '>' || text[at - 1] != '>' || at == (long)offset - 1)
			return 0;
		stop = at > 4096 ? at - 4096 : 0;
		for (at -= 2; at >= stop && !found && !strchr(";{}", text[at]); at--)
			found = text[at] == '<' && spaced_open_after_name(text, at, &k);
	}
	if (!found)
		return 0;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), kernel_by_name, &k);
	return k.plain && !k.templ;
}

/* ---- device-side-launch ---- */

/* The kernel a launch error names, and where its launch is written. */
struct device_launch {
	char *name;		/* the kernel */
	int launch_at_error;	/* the error points at '<<<', not at the name */
};

static const char *const config_functions[] = {
	"cudaConfigureCall", "__cudaPushCallConfiguration", NULL,
};

/* "PREFIX 'NAME'SUFFIX" for a suffix of suffixes: NAME (caller frees), or NULL. */
static char *quoted_name(const char *text, const char *prefix, const char *const *suffixes)
{
	size_t n = strlen(prefix);
	const char *end;

	if (strncmp(text, prefix, n) || text[n] != ' ' || text[n + 1] != '\'')
		return NULL;
	n++;
	if (!(end = strchr(text + n + 1, '\'')))
		return NULL;
	for (; *suffixes; suffixes++)
		if (!strcmp(end + 1, *suffixes))
			return xstrndup(text + n + 1, (size_t)(end - text - n - 1));
	return NULL;
}

static const char *const in_device_code[] = {
	" in __global__ function", " in __device__ function", NULL,
};

/* Is text clang's complaint that a launch configuration is host code? */
static int is_config_complaint(const char *text)
{
	char *name = quoted_name(text, "reference to __host__ function", in_device_code);
	int yes = name && is_one_of(name, config_functions);

	free(name);
	return yes;
}

/* A candidate clang turned down only for being a kernel called from device code? */
static int some_note_is_bad_target(CXDiagnostic d)
{
	static const char *const bad_target[] = {
		"candidate function not viable: call to __global__ function from __global__ function",
		"candidate function not viable: call to __global__ function from __device__ function",
		NULL,
	};
	CXDiagnosticSet notes = clang_getChildDiagnostics(d);
	unsigned i, n = notes ? clang_getNumDiagnosticsInSet(notes) : 0;
	int found = 0;

	for (i = 0; i < n && !found; i++) {
		CXDiagnostic note = clang_getDiagnosticInSet(notes, i);
		char *text = cal_take_string(clang_getDiagnosticSpelling(note));
		found = text && is_one_of(text, bad_target);
		free(text);
		clang_disposeDiagnostic(note);
	}
	return found;
}

/* Which of clang's three launch errors d is, and the kernel it names (NULL: none). */
static int read_launch_error(CXDiagnostic d, struct device_launch *l)
{
	static const char *const nothing[] = { "", NULL };
	char *text = cal_take_string(clang_getDiagnosticSpelling(d));

	l->name = NULL;
	l->launch_at_error = 0;
	if (!text)
		return 0;
	if (is_config_complaint(text))
		l->launch_at_error = 1;
	else if (!(l->name = quoted_name(text, "reference to __global__ function", in_device_code)) &&
		 (l->name = quoted_name(text, "no matching function for call to", nothing)) &&
		 !some_note_is_bad_target(d)) {
		free(l->name);
		l->name = NULL;
	}
	free(text);
	return l->launch_at_error || l->name;
}

/* The offset just past a balanced '<...>' starting at text[at], or -1. */
static long skip_angles(const char *text, size_t size, long at)
{
	long depth = 0, stop = at + 4096;

	for (; at < (long)size && at < stop; at++) {
		if (text[at] == '<')
			depth++;
		else if (text[at] == '>' && --depth == 0)
			return at + 1;
		else if (strchr(";{}", text[at]))
			return -1;
	}
	return -1;
}

/* The offset of the '<' opening the balanced '<...>' that ends at text[at] ('>'), or -1. */
static long angles_start(const char *text, long at)
{
	long depth = 0, stop = at > 4096 ? at - 4096 : 0;

	for (; at >= stop; at--) {
		if (text[at] == '>')
			depth++;
		else if (text[at] == '<' && --depth == 0)
			return at;
		else if (strchr(";{}", text[at]))
			return -1;
	}
	return -1;
}

/* A launch as written: the kernel's name and its template arguments, if any. */
struct written_launch {
	long name, name_end;	/* offsets of the kernel's name */
	long targs, targs_end;	/* of '<...>' after it; -1: none */
	long chevrons;		/* of '<<<' */
};

static long skip_space_forward(const char *text, size_t size, long at)
{
	while (at < (long)size && is_space(text[at]))
		at++;
	return at;
}

/* From the kernel's name at offset at: 'NAME [<...>] <<<'. */
static int launch_from_name(const char *text, size_t size, long at, struct written_launch *w)
{
	long p = at;

	while (p < (long)size && is_ident_char(text[p]))
		p++;
	w->name = at;
	w->name_end = p;
	w->targs = w->targs_end = -1;
	p = skip_space_forward(text, size, p);
	w->chevrons = p;
	if (p + 3 <= (long)size && !strncmp(text + p, "<<<", 3))
		return p > at;
	if (p >= (long)size || text[p] != '<' || (w->targs_end = skip_angles(text, size, p)) < 0)
		return 0;
	w->targs = p;
	p = skip_space_forward(text, size, w->targs_end);
	w->chevrons = p;
	return p + 3 <= (long)size && !strncmp(text + p, "<<<", 3);
}

/* From the '<<<' at offset at, back to the kernel's name. */
static int launch_from_chevrons(const char *text, size_t size, long at, struct written_launch *w)
{
	long p = skip_space_back(text, at - 1);

	if (at + 3 > (long)size || strncmp(text + at, "<<<", 3) || p < 0)
		return 0;
	w->chevrons = at;
	w->targs = w->targs_end = -1;
	if (text[p] == '>') {
		w->targs_end = p + 1;
		if ((w->targs = angles_start(text, p)) < 0)
			return 0;
		p = skip_space_back(text, w->targs - 1);
	}
	w->name_end = p + 1;
	while (p >= 0 && is_ident_char(text[p]))
		p--;
	w->name = p + 1;
	return w->name < w->name_end;
}

/*
 * How many arguments the launch at '<<<' (offset at) passes: its '(...)'
 * after '>>>', top-level commas counted (-1: not read).  A comma inside
 * template arguments miscounts: the error then stays, as it should when
 * unsure.
 */
static int launch_arguments(const char *text, size_t size, long at)
{
	long depth = 0, stop = at + 8192 < (long)size ? at + 8192 : (long)size;
	int args = 0, any = 0;

	for (at += 3; at + 3 <= stop && (depth || strncmp(text + at, ">>>", 3)); at++) {
		if (strchr("([{", text[at]))
			depth++;
		else if (strchr(")]}", text[at]) && --depth < 0)
			return -1;
	}
	at = skip_space_forward(text, size, at + 3);
	if (at >= stop || text[at] != '(')
		return -1;
	for (depth = 0, at++; at < stop; at++) {
		char c = text[at];
		if (c == '"' || c == '\'')
			return -1;	/* literals may hold anything: not read */
		if (strchr("([{", c))
			depth++;
		else if (strchr(")]}", c) && depth-- == 0)
			return any ? args + 1 : 0;
		else if (c == ',' && depth == 0)
			args++;
		else if (!is_space(c))
			any = 1;
	}
	return -1;
}

/* The written template arguments, without white space, equal to these names joined by ','? */
static int targs_are(const char *text, const struct written_launch *w, const char *params)
{
	long at;

	if (*params++ != '<')
		return 0;
	for (at = w->targs + 1; at < w->targs_end - 1; at++) {
		if (is_space(text[at]))
			continue;
		if (text[at] != *params++)
			return 0;
	}
	return !strcmp(params, ">");
}

static enum CXChildVisitResult join_param(CXCursor c, CXCursor parent, CXClientData data)
{
	struct strbuf *sb = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	char *name;

	(void)parent;
	if (k != CXCursor_TemplateTypeParameter && k != CXCursor_NonTypeTemplateParameter &&
	    k != CXCursor_TemplateTemplateParameter)
		return CXChildVisit_Continue;
	name = cal_take_string(clang_getCursorSpelling(c));
	if (sb->len > 1)
		strbuf_addch(sb, ',');
	strbuf_adds(sb, name ? name : "?");
	free(name);
	return CXChildVisit_Continue;
}

/* The function template whose written extent holds an offset of a file. */
struct enclosing_template {
	CXFile file;
	unsigned offset;
	CXCursor found;
};

static enum CXChildVisitResult find_enclosing_template(CXCursor c, CXCursor parent,
							CXClientData data)
{
	struct enclosing_template *e = data;
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile f1, f2;
	unsigned b, end;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	clang_getSpellingLocation(clang_getRangeStart(r), &f1, NULL, NULL, &b);
	clang_getSpellingLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &end);
	if (!f1 || !clang_File_isEqual(f1, e->file) || e->offset < b || e->offset >= end)
		return CXChildVisit_Continue;
	if (k == CXCursor_FunctionTemplate) {
		e->found = c;
		return CXChildVisit_Break;
	}
	return k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_StructDecl ||
	       k == CXCursor_ClassDecl || k == CXCursor_ClassTemplate
		       ? CXChildVisit_Recurse : CXChildVisit_Continue;
}

/*
 * Is the launch at loc inside the function template it launches, with
 * that template's own parameters as its arguments ('k<N><<<...>>>' in
 * 'template <int N> __global__ void k')?  That launch instantiates
 * nothing that is not already instantiated.
 */
static int launches_itself(CXTranslationUnit tu, CXSourceLocation loc, const char *text,
			   const struct written_launch *w)
{
	struct enclosing_template e;
	struct strbuf params = STRBUF_INIT;
	char *name;
	int same;

	if (w->targs < 0)
		return 0;
	e.found = clang_getNullCursor();
	clang_getSpellingLocation(loc, &e.file, NULL, NULL, &e.offset);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_enclosing_template, &e);
	if (clang_Cursor_isNull(e.found))
		return 0;
	name = cal_take_string(clang_getCursorSpelling(e.found));
	same = name && strlen(name) == (size_t)(w->name_end - w->name) &&
	       !strncmp(name, text + w->name, strlen(name));
	free(name);
	strbuf_addch(&params, '<');
	clang_visitChildren(e.found, join_param, &params);
	strbuf_addch(&params, '>');
	same = same && targs_are(text, w, params.buf);
	strbuf_release(&params);
	return same;
}

/*
 * Is the error one of clang's three complaints about a kernel launch in
 * device code, at a launch written 'k[<...>]<<<...>>>(args)', of a
 * kernel that is no template (and no template shares its name), or of a
 * template kernel launching itself with its own parameters?  Any other
 * template kernel's launch may instantiate it: that stays an error.
 */
static int at_device_side_launch(CXTranslationUnit tu, CXDiagnostic d)
{
	CXSourceLocation loc = clang_getDiagnosticLocation(d);
	struct device_launch l;
	struct written_launch w;
	struct named_kernel k = { NULL, 0, 0, 0, 0 };
	CXFile file;
	unsigned offset;
	size_t size = 0;
	const char *text;
	int found, args;

	if (!read_launch_error(d, &l))
		return 0;
	clang_getSpellingLocation(loc, &file, NULL, NULL, &offset);
	text = file ? cal_file_contents(tu, file, &size) : NULL;
	found = text && offset < size &&
		(l.launch_at_error ? launch_from_chevrons(text, size, (long)offset, &w)
				   : launch_from_name(text, size, (long)offset, &w));
	if (found && l.name)
		found = strlen(l.name) == (size_t)(w.name_end - w.name) &&
			!strncmp(l.name, text + w.name, strlen(l.name));
	free(l.name);
	if (!found)
		return 0;
	k.name = text + w.name;
	k.len = (size_t)(w.name_end - w.name);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), kernel_by_name, &k);
	/* clang stops at the reference: a launch with wrong arguments stays an error */
	args = launch_arguments(text, size, w.chevrons);
	if (args < 0 || args >= 64 || !(k.params & ((uint64_t)1 << args)))
		return 0;
	if (k.templ && !k.plain)
		return launches_itself(tu, loc, text, &w);
	return k.plain && !k.templ && w.targs < 0;
}

static const struct clang_gap *find_gap(CXTranslationUnit tu, CXDiagnostic d,
					const struct cal_target *arch, int rdc)
{
	char *text = cal_take_string(clang_getDiagnosticSpelling(d));
	const struct clang_gap *found = NULL;
	size_t i;

	for (i = 0; text && !found && i < sizeof(gaps) / sizeof(gaps[0]); i++) {
		const struct clang_gap *g = &gaps[i];
		if ((g->device_below_sm && (!arch || arch->sm >= g->device_below_sm)) ||
		    (g->host_parse_only && arch) || (g->rdc > 0 && !rdc) || (g->rdc < 0 && rdc))
			continue;
		if ((!g->messages || is_one_of(text, g->messages)) && notes_match(d, g) &&
		    (!g->same_type_args || has_same_type_args(tu, d)) && (!g->at || g->at(tu, d)))
			found = g;
	}
	free(text);
	return found;
}

/*
 * Remove the error finding at pos with this message (or, for a gap nvcc
 * shares, add the gap's note to it); 1 if it was removed.
 */
static int drop_error(struct cal_findings *errors, const struct cal_pos *pos, const char *message,
		      const struct clang_gap *gap)
{
	size_t i;

	for (i = 0; i < errors->nr; i++) {
		struct cal_finding *e = &errors->items[i];
		if (e->range.begin.file && pos->file && !strcmp(e->range.begin.file, pos->file) &&
		    e->range.begin.offset == pos->offset && !strcmp(e->message, message)) {
			if (gap->nvcc_too) {
				cal_finding_add_note(e, &e->range, gap->why);
				return 0;
			}
			cal_finding_clear(e);
			memmove(e, e + 1, (errors->nr - i - 1) * sizeof(*e));
			errors->nr--;
			return 1;
		}
	}
	return 0;
}

static int drop_gap_error(CXDiagnostic d, const struct clang_gap *gap,
			   struct cal_findings *errors, FILE *verbose)
{
	struct cal_pos pos;
	char *text;
	int dropped;

	memset(&pos, 0, sizeof(pos));
	if (cal_pos_from_location(clang_getDiagnosticLocation(d), &pos) < 0)
		return 0;
	text = cal_take_string(clang_getDiagnosticSpelling(d));
	dropped = text && drop_error(errors, &pos, text, gap);
	if (dropped && verbose)
		fprintf(verbose, "cuatomlint: %s:%u:%u: note: clang's error '%s' is a known "
			"clang-versus-nvcc difference (%s), not reported: %s\n", pos.file, pos.line,
			pos.column, text, gap->id, gap->why);
	free(text);
	free(pos.file);
	return dropped;
}

size_t cal_clang_gaps_filter(CXTranslationUnit tu, const struct cal_target *arch, int rdc,
			     struct cal_findings *errors, FILE *verbose)
{
	unsigned i, n = clang_getNumDiagnostics(tu);
	size_t dropped = 0;

	for (i = 0; i < n && errors->nr; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		const struct clang_gap *gap;
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error &&
		    (gap = find_gap(tu, d, arch, rdc)) != NULL)
			dropped += drop_gap_error(d, gap, errors, verbose);
		clang_disposeDiagnostic(d);
	}
	return dropped;
}

size_t cal_clang_gaps_count(CXTranslationUnit tu, const struct cal_target *arch, int rdc)
{
	unsigned i, n = clang_getNumDiagnostics(tu);
	size_t explained = 0;

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		const struct clang_gap *gap;
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error &&
		    (gap = find_gap(tu, d, arch, rdc)) != NULL && !gap->nvcc_too)
			explained++;
		clang_disposeDiagnostic(d);
	}
	return explained;
}

int cal_clang_gaps_rdc(const struct cal_argv *args)
{
	int i, rdc = 0;

	for (i = 0; i < args->n; i++) {
		if (!strcmp(args->v[i], "-fgpu-rdc"))
			rdc = 1;
		else if (!strcmp(args->v[i], "-fno-gpu-rdc"))
			rdc = 0;
	}
	return rdc;
}
