/*
 * The user's words of a parse: a scan of the text of its files (all but
 * the toolkit's and the platform's headers) for what the atomic checks
 * and volatile-sync judge (word_scan.c).  What none of them spells, a check
 * can still meet through a macro or type alias of the toolkit's or the
 * platform's headers: check.h's needs_words says so.
 */
#include <stdlib.h>
#include <string.h>

#include "cuatomlint/strbuf.h"
#include "parse/arch_dependence.h"
#include "parse/ast.h"
#include "parse/pch_facts.h"
#include "parse/toolkit.h"
#include "parse/user_words.h"

struct words_scan {
	CXTranslationUnit tu;
	const char *const *platform;	/* folders whose headers are not scanned */
	unsigned words;
	char **host_unread;	/* asked: a counted system header that tests the arch */
	CXFile *seen;		/* files scanned (each once) */
	size_t nr_seen, alloc_seen;
};

/* Is name in folder root (a path boundary after it)? */
static int under(const char *name, const char *root)
{
	size_t n = strlen(root);

	return n && !strncmp(name, root, n) &&
	       (root[n - 1] == '/' || name[n] == '/' || name[n] == '\0');
}

/*
 * Is file one whose words count: the user's, or a library's header that
 * the toolkit and the platform do not own (a project's -isystem folder
 * can define the user's volatile or atomic types and macros)?
 */
static int counts(const struct words_scan *scan, CXFile file)
{
	CXString name;
	const char *s;
	char *real;
	int i, platform = 0;

	if (!file)
		return 0;
	name = clang_getFileName(file);
	s = clang_getCString(name);
	for (i = 0; s && scan->platform[i] && !platform; i++)
		platform = under(s, scan->platform[i]);
	if (s && !platform && (real = realpath(s, NULL))) {	/* /usr/local/cuda is a link */
		for (i = 0; scan->platform[i] && !platform; i++)
			platform = under(real, scan->platform[i]);
		free(real);
	}
	clang_disposeString(name);
	return !platform;
}

static void add_file_words(struct words_scan *scan, CXFile file)
{
	const char *text;
	size_t size = 0;

	if (scan->words == CAL_WORDS_ALL || !counts(scan, file) ||
	    !cal_file_once(&scan->seen, &scan->nr_seen, &scan->alloc_seen, file))
		return;
	text = cal_file_contents(scan->tu, file, &size);
	if (!text) {	/* unreadable: assume it names everything */
		scan->words = CAL_WORDS_ALL;
		return;
	}
	scan->words |= cal_text_user_words(text, size);
	/* the user's own files the arch replay reads itself: only a system header is scanned */
	if (scan->host_unread && !*scan->host_unread &&
	    clang_Location_isInSystemHeader(clang_getLocationForOffset(scan->tu, file, 0)) &&
	    cal_text_mentions_arch(text, size)) {
		CXString name = clang_getFileName(file);
		*scan->host_unread = xasprintf("%s: a header the replay does not read (a system "
					       "header) tests the arch", clang_getCString(name));
		clang_disposeString(name);
	}
}

static void words_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth,
			    CXClientData data)
{
	(void)stack;
	(void)depth;
	add_file_words(data, file);
}

/*
 * A user file's #include: the file it opens, entered or not (a header a
 * precompiled header holds is not entered, and clang_getInclusions does
 * not report it).
 */
static enum CXChildVisitResult directive_visitor(CXCursor c, CXCursor parent, CXClientData data)
{
	struct words_scan *scan = data;
	CXFile file;

	(void)parent;
	/* the record comes before the declarations (clang_visitChildren's order) */
	if (scan->words == CAL_WORDS_ALL || !clang_isPreprocessing(clang_getCursorKind(c)))
		return CXChildVisit_Break;
	if (clang_getCursorKind(c) != CXCursor_InclusionDirective)
		return CXChildVisit_Continue;
	clang_getSpellingLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
	if (counts(scan, file))
		add_file_words(scan, clang_getIncludedFile(c));
	return CXChildVisit_Continue;
}

/* What the PCH's files spell, as its build found it (pch_facts.h). */
static void add_pch_words(struct words_scan *scan, const struct cal_pch_facts *pch)
{
	scan->words |= pch->words;
	if (scan->host_unread && !*scan->host_unread && pch->host_unread)
		*scan->host_unread = xstrdup(pch->host_unread);
}

unsigned cal_parse_user_words(CXTranslationUnit tu, const struct cal_pch_facts *pch,
			      const char *const *platform, char **host_unread)
{
	struct words_scan scan = { tu, platform, 0, host_unread, NULL, 0, 0 };
	CXString main_name = clang_getTranslationUnitSpelling(tu);
	CXFile main_file = clang_getFile(tu, clang_getCString(main_name));

	clang_disposeString(main_name);
	if (!main_file)
		return CAL_WORDS_ALL;
	add_file_words(&scan, main_file);
	clang_getInclusions(tu, words_inclusion, &scan);
	if (pch)	/* the record below leaves out the PCH's #include lines */
		add_pch_words(&scan, pch);
	if (scan.words != CAL_WORDS_ALL)
		clang_visitChildren(clang_getTranslationUnitCursor(tu), directive_visitor, &scan);
	free(scan.seen);
	return scan.words;
}

unsigned cal_env_user_words(const struct cal_env *env, CXTranslationUnit tu,
			    const struct cal_pch_facts *pch, char **host_unread)
{
	const char *platform[8];
	char *real[2] = { NULL, NULL };
	unsigned words;
	int n = 0;

	platform[n++] = env->dir;	/* the prelude, the built-in environment */
	platform[n++] = "/usr/include/";
	platform[n++] = "/usr/lib/";	/* clang's and gcc's own headers */
	if (env->cuda_path) {
		platform[n++] = env->cuda_path;
		if ((real[0] = realpath(env->cuda_path, NULL)))	/* as a file's real path */
			platform[n++] = real[0];
	}
	if (env->rocm_path && strcmp(env->rocm_path, "/usr")) {
		platform[n++] = env->rocm_path;
		if ((real[1] = realpath(env->rocm_path, NULL)))
			platform[n++] = real[1];
	}
	platform[n] = NULL;
	words = cal_parse_user_words(tu, pch, platform, host_unread);
	free(real[0]);
	free(real[1]);
	return words;
}
