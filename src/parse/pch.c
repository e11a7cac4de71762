#include "parse/pch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cuatomlint/strbuf.h"
#include "cuatomlint/version.h"
#include "parse/ast.h"

/* What the inclusion scan of the prefix found. */
struct scan {
	CXTranslationUnit tu;
	const struct cal_pch_build *b;
	char *user;		/* the first file that is no system header, or NULL */
};

static void scan_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth,
			   CXClientData data)
{
	struct scan *s = data;
	char *name = cal_take_string(clang_getFileName(file));

	(void)stack;
	(void)depth;
	if (!*name || !strncmp(name, s->b->ours, strlen(s->b->ours))) {
		free(name);
		return;
	}
	/* user code in the PCH would hide its cursors' files from the TU's own inclusions */
	if (!s->user && !clang_Location_isInSystemHeader(clang_getLocationForOffset(s->tu, file, 0)))
		s->user = xstrdup(name);
	cal_argv_push(s->b->deps, name);
	free(name);
}

static int has_errors(CXTranslationUnit tu, char **why)
{
	unsigned i, n = clang_getNumDiagnostics(tu);

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		int error = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
		if (error) {
			char *msg = cal_take_string(clang_getDiagnosticSpelling(d));
			*why = xasprintf("the prefix has clang errors (first: %s)", msg);
			free(msg);
		}
		clang_disposeDiagnostic(d);
		if (error)
			return 1;
	}
	return 0;
}

/* Save tu to b->out through a temporary file: a reader never sees half a PCH. */
static int save(CXTranslationUnit tu, const struct cal_pch_build *b, char **why)
{
	char *tmp = xasprintf("%s.tmp.%ld", b->out, (long)getpid());
	int r = clang_saveTranslationUnit(tu, tmp, clang_defaultSaveOptions(tu));

	if (r != CXSaveError_None || rename(tmp, b->out) < 0) {
		*why = xasprintf("libclang could not save the PCH (%d)", r);
		unlink(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
}

int cal_pch_build(CXIndex index, const struct cal_parse_request *req,
		  const struct cal_pch_build *b, char **why)
{
	struct cal_parse_request plain = *req;
	struct cal_argv args = { 0 };
	CXTranslationUnit tu = NULL;
	struct scan s = { NULL, b, NULL };
	unsigned flags = CXTranslationUnit_KeepGoing | CXTranslationUnit_ForSerialization |
			 CXTranslationUnit_DetailedPreprocessingRecord;
	int r = -1;

	*why = NULL;
	plain.pch = NULL;
	cal_argv_push(&args, CUATOMLINT_CLANG_PROGRAM);
	cal_parse_args(&plain, &args);
	if (clang_parseTranslationUnit2FullArgv(index, b->header, (const char *const *)args.v,
						args.n, NULL, 0, flags, &tu) != CXError_Success ||
	    !tu) {
		cal_argv_clear(&args);
		*why = xstrdup("libclang could not parse the prefix");
		return -1;
	}
	cal_argv_clear(&args);
	s.tu = tu;
	if (!has_errors(tu, why)) {
		clang_getInclusions(tu, scan_inclusion, &s);
		if (s.user)
			*why = xasprintf("'%s' is not a system header", s.user);
		else
			r = save(tu, b, why);
	}
	free(s.user);
	cal_dispose_tu(tu);
	return r;
}
