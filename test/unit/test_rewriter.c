/* The rewriter on files in a temporary directory, the diff and the YAML quoting. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cuatomlint/strbuf.h"
#include "rewrite/diff.h"
#include "rewrite/export_yaml.h"
#include "rewrite/rewriter.h"
#include "util/hash.h"
#include "test.h"

static char dir[] = "/tmp/cuatomlint-test-rewriter-XXXXXX";

static char *make_file(const char *name, const char *text, mode_t mode)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *fp = fopen(path, "w");
	fputs(text, fp);
	fclose(fp);
	chmod(path, mode);
	return path;
}

static char *slurp(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	read_file(path, &sb);
	return strbuf_detach(&sb);
}

/* A finding at offset with one fix of the given edits (offset, length, text). */
static void add_finding(struct cal_findings *list, const char *path, const char *text,
			int nr, const unsigned *offs, const unsigned *lens, const char *const *reps)
{
	struct cal_finding f;
	struct cal_fix *fix;
	int i;

	memset(&f, 0, sizeof(f));
	f.check = "test-check";
	f.message = xstrdup("message");
	f.range.begin.file = xstrdup(path);
	f.range.begin.offset = offs[0];
	f.range.end.file = xstrdup(path);
	fix = cal_finding_add_fix(&f, "fix");
	for (i = 0; i < nr; i++) {
		struct cal_edit e = { (char *)path, offs[i], lens[i], (char *)reps[i],
				      1, 1, 1, 1, cal_content_hash(text, strlen(text)) };
		cal_fix_add_edit(fix, &e);
	}
	cal_findings_take(list, &f);
}

static void one(struct cal_findings *l, const char *path, const char *text, unsigned off,
		unsigned len, const char *rep)
{
	add_finding(l, path, text, 1, &off, &len, &rep);
}

/* Plan (and write if asked); returns the file's new content. */
static char *run_rewriter(struct cal_findings *l, int write, int *errors)
{
	struct cal_rewriter rw;
	FILE *log = fopen("/dev/null", "w");
	char *result;

	cal_rewriter_init(&rw, log);
	cal_rewriter_add_findings(&rw, l);
	cal_rewriter_plan(&rw);
	if (write)
		cal_rewriter_write(&rw);
	result = rw.nr_files ? xstrdup(rw.files[0].result.buf) : xstrdup("");
	*errors = rw.nr_errors;
	cal_rewriter_release(&rw);
	fclose(log);
	return result;
}

static void test_merge_and_collapse(void)
{
	const char *text = "int a;\nint b;\n";
	char *path = make_file("merge.cu", text, 0644);
	struct cal_findings l = { 0 };
	unsigned o1[] = { 4, 0 }, l1[] = { 1, 0 }, o2[] = { 11, 0 }, l2[] = { 1, 0 };
	const char *r1[] = { "x", "#include <y>\n" }, *r2[] = { "z", "#include <y>\n" };
	char *out;
	int errors;

	add_finding(&l, path, text, 2, o1, l1, r1);
	add_finding(&l, path, text, 2, o2, l2, r2);
	one(&l, path, text, 4, 1, "x");	/* identical to the first fix's edit */
	out = run_rewriter(&l, 0, &errors);
	EXPECT(!strcmp(out, "#include <y>\nint x;\nint z;\n"));
	EXPECT(errors == 0);
	free(out);
	cal_findings_release(&l);
	free(path);
}

static void test_overlap_refused(void)
{
	const char *text = "0123456789abcdef\n";
	char *path = make_file("overlap.cu", text, 0644);
	struct cal_findings l = { 0 };
	unsigned o[] = { 14, 2 }, len[] = { 1, 1 };
	const char *r[] = { "E", "C" };
	char *out;
	int errors;

	one(&l, path, text, 2, 4, "AB");	/* [2,6) */
	one(&l, path, text, 4, 4, "CD");	/* [4,8): overlaps the first */
	one(&l, path, text, 10, 0, "<");	/* two insertions at one point */
	one(&l, path, text, 10, 0, ">");
	one(&l, path, text, 12, 1, "Z");	/* alone: applied */
	add_finding(&l, path, text, 2, o, len, r);	/* half overlapping: refused whole */
	out = run_rewriter(&l, 0, &errors);
	EXPECT(!strcmp(out, "0123456789abZdef\n"));
	free(out);
	cal_findings_release(&l);
	free(path);
}

static void test_crlf(void)
{
	const char *text = "a;\r\nb;\r\n";
	char *path = make_file("crlf.cu", text, 0644);
	struct cal_findings l = { 0 };
	struct strbuf sb = STRBUF_INIT;
	char *out;
	int errors;

	one(&l, path, text, 0, 0, "#include <x>\n");
	one(&l, path, text, 4, 2, "c;\r\nd;");
	out = run_rewriter(&l, 1, &errors);
	EXPECT(!strcmp(out, "#include <x>\r\na;\r\nc;\r\nd;\r\n"));
	free(out);
	out = slurp(path);
	EXPECT(!strcmp(out, "#include <x>\r\na;\r\nc;\r\nd;\r\n"));
	free(out);
	EXPECT(cal_text_is_crlf("x\r\ny\n", 5) == 1);
	EXPECT(cal_text_is_crlf("x\ny\r\n", 5) == 0);
	cal_rewrite_text(&sb, "a\nb\r\n", 1);
	EXPECT(!strcmp(sb.buf, "a\r\nb\r\n"));
	strbuf_release(&sb);
	cal_findings_release(&l);
	free(path);
}

static void test_write_keeps_mode_and_refuses_changed(void)
{
	const char *text = "int v;\n";
	char *path = make_file("mode.cu", text, 0750);
	struct cal_findings l = { 0 };
	struct stat st;
	char *out;
	int errors;

	one(&l, path, text, 4, 1, "w");
	out = run_rewriter(&l, 1, &errors);
	free(out);
	EXPECT(errors == 0);
	EXPECT(stat(path, &st) == 0 && (st.st_mode & 07777) == 0750);
	out = slurp(path);
	EXPECT(!strcmp(out, "int w;\n"));
	free(out);
	/* the same findings again: the file no longer holds what was parsed */
	out = run_rewriter(&l, 1, &errors);
	free(out);
	EXPECT(errors == 1);
	out = slurp(path);
	EXPECT(!strcmp(out, "int w;\n"));
	free(out);
	cal_findings_release(&l);
	free(path);
}

static void test_partial_skipped(void)
{
	const char *text = "int v;\n";
	char *path = make_file("partial.cu", text, 0644);
	struct cal_findings l = { 0 };
	char *out;
	int errors;

	one(&l, path, text, 4, 1, "w");
	l.items[0].partial_parse = 1;
	out = run_rewriter(&l, 1, &errors);
	free(out);
	out = slurp(path);
	EXPECT(!strcmp(out, text));
	free(out);
	cal_findings_release(&l);
	free(path);
}

static void expect_diff(const char *a, const char *b, const char *want)
{
	struct strbuf sb = STRBUF_INIT;
	cal_diff_unified(&sb, "x.cu", a, strlen(a), b, strlen(b));
	EXPECT(!strcmp(sb.buf, want));
	if (strcmp(sb.buf, want))
		fprintf(stderr, "got:\n%s\nwant:\n%s\n", sb.buf, want);
	strbuf_release(&sb);
}

static void test_diff(void)
{
	expect_diff("a\nb\n", "a\nb\n", "");
	expect_diff("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n",
		    "1\n2\n3\n4\nfive\n6\n7\n8\n9\n10\n11\n12\n13\nx\n14\n15\n",
		    "--- a/x.cu\n+++ b/x.cu\n"
		    "@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n"
		    "@@ -11,5 +11,6 @@\n 11\n 12\n 13\n+x\n 14\n 15\n");
	expect_diff("a\nb\nc\n", "new\na\nb\nc\n",
		    "--- a/x.cu\n+++ b/x.cu\n@@ -1,3 +1,4 @@\n+new\n a\n b\n c\n");
	expect_diff("a\nb", "a\nc",
		    "--- a/x.cu\n+++ b/x.cu\n@@ -1,2 +1,2 @@\n a\n-b\n"
		    "\\ No newline at end of file\n+c\n\\ No newline at end of file\n");
	expect_diff("", "a\n", "--- a/x.cu\n+++ b/x.cu\n@@ -0,0 +1 @@\n+a\n");
	expect_diff("a\r\nb\r\n", "a\r\nc\r\n",
		    "--- a/x.cu\n+++ b/x.cu\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n");
}

static void test_yaml_quote(void)
{
	struct strbuf sb = STRBUF_INIT;
	cal_yaml_quote(&sb, "it's \"q\" \\ a\nb\r\tc\x01");
	EXPECT(!strcmp(sb.buf, "\"it's \\\"q\\\" \\\\ a\\nb\\r\\tc\\x01\""));
	strbuf_release(&sb);
}

int main(void)
{
	if (!mkdtemp(dir))
		return 1;
	test_merge_and_collapse();
	test_overlap_refused();
	test_crlf();
	test_write_keeps_mode_and_refuses_changed();
	test_partial_skipped();
	test_diff();
	test_yaml_quote();
	if (!test_failures) {
		char *cmd = xasprintf("rm -rf %s", dir);
		if (system(cmd) != 0)
			fprintf(stderr, "cannot remove %s\n", dir);
		free(cmd);
	}
	return test_summary("test_rewriter");
}
