/*
 * docs/architectures.md must equal what the facts table generates.
 *   test_facts_doc SRCDIR            compare
 *   test_facts_doc --write FILE      regenerate
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuatomlint/facts.h"
#include "cuatomlint/strbuf.h"
#include "test.h"

int main(int argc, char **argv)
{
	char *doc = cal_facts_markdown();
	struct strbuf on_disk = STRBUF_INIT;
	char *path;

	if (argc == 3 && !strcmp(argv[1], "--write")) {
		FILE *f = fopen(argv[2], "w");
		if (!f || fputs(doc, f) < 0 || fclose(f) != 0)
			return 1;
		free(doc);
		return 0;
	}
	if (argc != 2) {
		fprintf(stderr, "usage: test_facts_doc SRCDIR | --write FILE\n");
		return 2;
	}
	path = xasprintf("%s/docs/architectures.md", argv[1]);
	EXPECT(read_file(path, &on_disk) == 0);
	EXPECT(!strcmp(on_disk.buf, doc));
	if (strcmp(on_disk.buf, doc))
		fprintf(stderr, "%s is stale: regenerate with test_facts_doc --write\n", path);
	free(path);
	free(doc);
	strbuf_release(&on_disk);
	return test_summary("facts_doc");
}
