#include "arch_dependence.h"

#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "cuatomlint/strbuf.h"

static const char arch_macro[] = "__CUDA_ARCH";
static const char list_suffix[] = "_LIST__";

/*
 * <nv/target>'s NV_IF_TARGET / NV_IF_ELSE_TARGET / NV_DISPATCH_TARGET pick
 * code by __CUDA_ARCH__ inside a system header's macro, so the user's text
 * never names __CUDA_ARCH__ itself.
 */
static const char *const nv_target_macros[] = { "NV_IF_TARGET", "NV_IF_ELSE_TARGET",
	"NV_DISPATCH_TARGET", NULL };

static int mentions_nv_target(const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *hit = memchr(p, 'N', (size_t)(end - p));
		const char *const *m;
		if (!hit)
			return 0;
		for (m = nv_target_macros; *m; m++)
			if ((size_t)(end - hit) >= strlen(*m) && !memcmp(hit, *m, strlen(*m)))
				return 1;
		p = hit + 1;
	}
	return 0;
}

static int mentions_cuda_arch(const char *text, size_t len);

int cal_text_mentions_arch(const char *text, size_t len)
{
	return mentions_cuda_arch(text, len) || mentions_nv_target(text, len);
}

static int mentions_cuda_arch(const char *text, size_t len)
{
	const size_t n = sizeof(arch_macro) - 1;
	const char *p = text, *end = text + len;

	while ((size_t)(end - p) >= n) {
		const char *hit = memchr(p, '_', (size_t)(end - p));
		if (!hit || (size_t)(end - hit) < n)
			return 0;
		if (!memcmp(hit, arch_macro, n)) {
			const char *after = hit + n;
			size_t rest = (size_t)(end - after);
			if (!(rest >= sizeof(list_suffix) - 1 &&
			      !memcmp(after, list_suffix, sizeof(list_suffix) - 1)))
				return 1;
		}
		p = hit + 1;
	}
	return 0;
}

struct scan {
	CXTranslationUnit tu;
	int depends;
};

static void inclusion_visitor(CXFile file, CXSourceLocation *stack, unsigned depth,
			      CXClientData data)
{
	struct scan *s = data;
	size_t size = 0;
	const char *text;
	CXSourceLocation start;

	(void)stack;
	(void)depth;
	if (s->depends)
		return;
	start = clang_getLocationForOffset(s->tu, file, 0);
	if (clang_Location_isInSystemHeader(start))
		return;
	text = clang_getFileContents(s->tu, file, &size);
	if (text && cal_text_mentions_arch(text, size))
		s->depends = 1;
}

int cal_tu_depends_on_arch(CXTranslationUnit tu)
{
	struct scan s = { tu, 0 };
	clang_getInclusions(tu, inclusion_visitor, &s);
	return s.depends;
}

/* ---- the facts the replay of arch_pp.c needs, from one parse ---- */

struct facts {
	CXTranslationUnit tu;
	const char *skip_prefix;
	struct cal_pp_tu *pp;
	CXFile *handles;
	size_t alloc_handles;
};

static char *file_name(CXFile file)
{
	CXString s = clang_getFileName(file);
	const char *c = clang_getCString(s);
	char *copy = xstrdup(c ? c : "");
	clang_disposeString(s);
	return copy;
}

static int file_index(const struct facts *f, CXFile file)
{
	size_t i;
	for (i = 0; file && i < f->pp->nr_files; i++)
		if (clang_File_isEqual(f->handles[i], file))
			return (int)i;
	return -1;
}

static void add_skipped(struct facts *f, struct cal_pp_file *pf, CXFile file)
{
	CXSourceRangeList *l = clang_getSkippedRanges(f->tu, file);
	unsigned i, a, b;

	for (i = 0; l && i < l->count; i++) {
		clang_getSpellingLocation(clang_getRangeStart(l->ranges[i]), NULL, NULL, NULL, &a);
		clang_getSpellingLocation(clang_getRangeEnd(l->ranges[i]), NULL, NULL, NULL, &b);
		GROW(pf->skipped, pf->alloc_skipped, pf->nr_skipped + 1);
		pf->skipped[pf->nr_skipped][0] = a;
		pf->skipped[pf->nr_skipped++][1] = b;
	}
	if (l)
		clang_disposeSourceRangeList(l);
}

static void add_file(struct facts *f, CXFile file)
{
	struct cal_pp_file *pf;
	CXSourceLocation start = clang_getLocationForOffset(f->tu, file, 0);
	size_t size = 0;
	const char *text;

	if (file_index(f, file) >= 0)
		return;
	GROW(f->pp->files, f->pp->alloc_files, f->pp->nr_files + 1);
	GROW(f->handles, f->alloc_handles, f->pp->nr_files + 1);
	f->handles[f->pp->nr_files] = file;
	pf = &f->pp->files[f->pp->nr_files++];
	memset(pf, 0, sizeof(*pf));
	pf->name = file_name(file);
	text = clang_getFileContents(f->tu, file, &size);
	pf->text = text ? text : "";
	pf->len = text ? size : 0;
	pf->user = text && !clang_Location_isInSystemHeader(start) &&
		   !(f->skip_prefix && !strncmp(pf->name, f->skip_prefix, strlen(f->skip_prefix)));
	if (pf->user)
		add_skipped(f, pf, file);
}

static void facts_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth,
			    CXClientData data)
{
	(void)stack;
	(void)depth;
	add_file(data, file);
}

/* "NAME(params) body" up to the end of the definition's logical line. */
static char *macro_text(CXTranslationUnit tu, CXCursor c)
{
	CXFile file;
	unsigned offset;
	size_t size = 0, end;
	const char *text;

	clang_getSpellingLocation(clang_getCursorLocation(c), &file, NULL, NULL, &offset);
	if (!file || !(text = clang_getFileContents(tu, file, &size)) || offset >= size)
		return NULL;
	for (end = offset; end < size && !(text[end] == '\n' && text[end - 1] != '\\' &&
					   !(text[end - 1] == '\r' && end > 1 && text[end - 2] == '\\'));
	     end++)
		;
	return xstrndup(text + offset, end - offset);
}

static void facts_macro(struct facts *f, CXCursor c)
{
	CXFile file;
	struct cal_pp_macro *m;
	int at;

	clang_getSpellingLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
	at = file_index(f, file);
	if (at >= 0 && f->pp->files[at].user)
		return;	/* the replay defines the user's own macros itself */
	GROW(f->pp->macros, f->pp->alloc_macros, f->pp->nr_macros + 1);
	m = &f->pp->macros[f->pp->nr_macros++];
	m->name = cal_take_string(clang_getCursorSpelling(c));
	m->text = macro_text(f->tu, c);
}

static void facts_include(struct facts *f, CXCursor c)
{
	CXFile file, included = clang_getIncludedFile(c);
	unsigned line;
	struct cal_pp_file *pf;
	int at, to;

	clang_getSpellingLocation(clang_getCursorLocation(c), &file, &line, NULL, NULL);
	at = file_index(f, file);
	to = file_index(f, included);
	if (at < 0 || to < 0 || !f->pp->files[at].user)
		return;
	pf = &f->pp->files[at];
	GROW(pf->incs, pf->alloc_incs, pf->nr_incs + 1);
	pf->incs[pf->nr_incs].line = line;
	pf->incs[pf->nr_incs++].file = to;
}

static enum CXChildVisitResult facts_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_MacroDefinition)
		facts_macro(data, c);
	else if (clang_getCursorKind(c) == CXCursor_InclusionDirective)
		facts_include(data, c);
	return CXChildVisit_Continue;
}

void cal_arch_plan_make(CXTranslationUnit tu, const struct cal_target_set *set, int first,
			const char *skip_prefix, struct cal_arch_plan *plan)
{
	struct cal_pp_tu pp;
	struct facts f = { tu, skip_prefix, &pp, NULL, 0 };
	CXString main_name = clang_getTranslationUnitSpelling(tu);
	CXFile main_file = clang_getFile(tu, clang_getCString(main_name));

	memset(&pp, 0, sizeof(pp));
	clang_disposeString(main_name);
	if (!main_file) {
		cal_arch_plan_each(set, first, plan);
		return;
	}
	add_file(&f, main_file);
	clang_getInclusions(tu, facts_inclusion, &f);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), facts_visitor, &f);
	pp.have_skipped = 1;
	cal_arch_plan_from_pp(&pp, set, first, plan);
	cal_pp_tu_release(&pp);
	free(f.handles);
}
