/*
 * ptx-verdict: the PTX validator's verdict on instructions, for the ptxas
 * agreement test (test/ptx/ptxas-agree.py).
 *
 *   ptx-verdict SM < INSTRUCTIONS
 *
 * Reads one atom/red instruction a line and prints, for each, "1" if the
 * validator finds it valid on target sm_SM (no problem but notes), else
 * "0" and the first problem's message.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/ptx_atom.h"

static void verdict(const char *line, unsigned sm)
{
	struct ptx_problem out[PTX_MAX_PROBLEMS];
	struct ptx_insns list = { 0 };
	int n = 0, i;
	const char *why = "not one atom/red instruction";

	ptx_parse(line, strlen(line), &list);
	if (list.nr == 1) {
		n = ptx_validate(&list.items[0], line, sm, out, PTX_MAX_PROBLEMS);
		for (i = 0, why = NULL; i < n && !why; i++)
			if (!out[i].advisory)
				why = out[i].message;
	}
	if (why)
		printf("0 %s\n", why);
	else
		printf("1\n");
	ptx_insns_release(&list);
}

int main(int argc, char **argv)
{
	char line[1024];
	unsigned sm;

	if (argc != 2 || (sm = (unsigned)strtoul(argv[1], NULL, 10)) == 0) {
		fprintf(stderr, "usage: ptx-verdict SM < instructions\n");
		return 2;
	}
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\n")] = '\0';
		verdict(line, sm);
	}
	return 0;
}
