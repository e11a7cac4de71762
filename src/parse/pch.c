#include "parse/pch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cuatomlint/strbuf.h"
#include "cuatomlint/version.h"
#include "parse/ast.h"
#include "parse/pch_facts.h"
#include "parse/user_words.h"

/*
 * Is name spelt as a PCH gives it back?  clang writes a PCH's file names
 * absolute, without "." components (ASTWriter's PreparePathForOutput):
 * a user header named otherwise in the parse would be named differently
 * in the report when it comes from the PCH.
 */
static int kept_by_pch(const char *name)
{
	size_t n = strlen(name);

	return name[0] == '/' && !strstr(name, "/./") && !strstr(name, "//") &&
	       !(n >= 2 && !strcmp(name + n - 2, "/."));
}

/* What the inclusion scan of the prefix found. */
struct scan {
	CXTranslationUnit tu;
	const struct cal_pch_build *b;
	char *user;		/* the first user file the PCH may not hold, or NULL */
	const char *what;	/* why not */
};

/*
 * Does the header's text name a macro whose value a PCH changes?  In a
 * header the PCH holds, __BASE_FILE__ names the prefix header and
 * __INCLUDE_LEVEL__ counts from it: a condition or a string on either
 * could read otherwise than in the plain parse.
 */
static int names_position_macro(CXTranslationUnit tu, CXFile file)
{
	size_t i, n = 0;
	const char *text = cal_file_contents(tu, file, &n);

	if (!text)
		return 1;
	for (i = 0; i + 13 <= n; i++)
		if (text[i] == '_' && ((!memcmp(text + i, "__BASE_FILE__", 13)) ||
				       (i + 17 <= n && !memcmp(text + i, "__INCLUDE_LEVEL__", 17))))
			return 1;
	return 0;
}

/* Was the file included from the command line (-include)? */
static int forced(const CXSourceLocation *stack, unsigned depth)
{
	CXFile from = NULL;

	if (depth != 1)
		return 0;
	clang_getSpellingLocation(stack[0], &from, NULL, NULL, NULL);
	return from == NULL;
}

static void scan_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth,
			   CXClientData data)
{
	struct scan *s = data;
	char *name = cal_take_string(clang_getFileName(file));

	if (!*name || !strncmp(name, s->b->ours, strlen(s->b->ours))) {
		free(name);
		return;
	}
	/*
	 * User code is kept out where CUATOMLINT_PCH_USER=0; otherwise a
	 * header named by a path the PCH would respell, or forced on the
	 * command line (-include: the arch replay reads those from the TU's
	 * own inclusions), is kept out still.
	 */
	if (!s->user && !clang_Location_isInSystemHeader(clang_getLocationForOffset(s->tu, file, 0))) {
		s->what = !s->b->user ? "is not a system header" :
			  !kept_by_pch(name) ? "is named by a path the PCH would respell" :
			  forced(stack, depth) ? "is forced by -include" :
			  names_position_macro(s->tu, file) ?
				  "names __BASE_FILE__ or __INCLUDE_LEVEL__" : NULL;
		if (s->what)
			s->user = xstrdup(name);
	}
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

/* What the check of a PCH of user headers found: a user file entered again. */
struct reentry {
	CXTranslationUnit tu;
	const char *ours;
	char *again;
};

static void find_reentry(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	struct reentry *r = data;
	char *name;

	(void)stack;
	if (r->again || !depth)
		return;
	name = cal_take_string(clang_getFileName(file));
	if (*name && strncmp(name, r->ours, strlen(r->ours)) &&
	    !clang_Location_isInSystemHeader(clang_getLocationForOffset(r->tu, file, 0)))
		r->again = name;
	else
		free(name);
}

/*
 * Do the prefix's lines, read again after loading the PCH, enter a user
 * header anew?  A TU that loads the PCH reads its own include lines again:
 * a header without an include guard or #pragma once would be entered a
 * second time, with its text in both the PCH and the TU (its macros, its
 * #if blocks, its findings' include stacks), which a plain parse never
 * does.  Such a prefix is not shared.
 */
static int reenters(CXIndex index, const struct cal_parse_request *req,
		    const struct cal_pch_build *b, struct cal_pch_facts *facts, char **why)
{
	struct cal_parse_request load = *req;
	struct cal_argv args = { 0 };
	CXTranslationUnit tu = NULL;
	struct reentry r = { NULL, b->ours, NULL };

	load.pch = b->out;
	cal_dispose_pending();	/* one parse alive at a time */
	cal_argv_push(&args, CUATOMLINT_CLANG_PROGRAM);
	cal_parse_args(&load, &args);
	if (clang_parseTranslationUnit2FullArgv(index, b->header, (const char *const *)args.v,
						args.n, NULL, 0, CXTranslationUnit_KeepGoing,
						&tu) != CXError_Success || !tu) {
		cal_argv_clear(&args);
		*why = xstrdup("libclang could not parse the prefix on its PCH");
		return 1;
	}
	cal_argv_clear(&args);
	r.tu = tu;
	clang_getInclusions(tu, find_reentry, &r);
	cal_pch_facts_choose(facts, tu);	/* a parse on the PCH, as the TUs' */
	if (r.again)
		*why = xasprintf("'%s' would be entered again after the PCH (no include guard)",
				 r.again);
	else if (has_errors(tu, why))
		r.again = xstrdup("");
	cal_dispose_tu(tu);
	free(r.again);
	return *why != NULL;
}

/*
 * The facts a parse on the PCH reads instead of the PCH's declarations and
 * record (pch_facts.h), from its build's parse.
 */
static void make_facts(CXTranslationUnit tu, const struct cal_parse_request *req,
		       const struct cal_pch_build *b, struct cal_pch_facts *facts)
{
	char *unread = NULL;
	unsigned words = cal_env_user_words(req->env, tu, NULL, &unread);

	cal_pch_facts_make(tu, b->ours, words, unread, facts);
	free(unread);
}

int cal_pch_build(CXIndex index, const struct cal_parse_request *req,
		  const struct cal_pch_build *b, char **why)
{
	struct cal_parse_request plain = *req;
	struct cal_argv args = { 0 };
	CXTranslationUnit tu = NULL;
	struct scan s = { NULL, b, NULL, NULL };
	struct cal_pch_facts facts;
	unsigned flags = CXTranslationUnit_KeepGoing | CXTranslationUnit_ForSerialization |
			 CXTranslationUnit_DetailedPreprocessingRecord;
	int r = -1;

	*why = NULL;
	memset(&facts, 0, sizeof(facts));
	plain.pch = b->base;
	cal_dispose_pending();	/* one parse alive at a time */
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
			*why = xasprintf("'%s' %s", s.user, s.what);
		else
			r = save(tu, b, why);
		if (r == 0 && b->facts)
			make_facts(tu, req, b, &facts);
	}
	free(s.user);
	cal_dispose_tu(tu);
	if (r == 0 && b->user && reenters(index, req, b, &facts, why)) {
		unlink(b->out);
		r = -1;
	}
	/* not written, parses on the PCH keep the indexer */
	if (b->facts && (r < 0 || cal_pch_facts_write(&facts, b->facts) < 0))
		unlink(b->facts);
	cal_pch_facts_release(&facts);
	return r;
}
