/* gen-signals.c - writes doc/algorithms.md with its table of auto's signals
 * made from the FEATURES table (src/method/auto-signals.h), the one the inspector's
 * explanation reads, in place of the lines between the two markers.  The
 * test suite compares its output with the file (so neither can change
 * alone); `make update-algorithms` rewrites the file.  Not installed. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "method/auto-signals.h"

#define BEGIN "<!-- signals: generated from FEATURES in src/method/auto-signals.h by tools/gen-signals; edit there -->\n"
#define END "<!-- end of the generated signals -->\n"

struct row {
	const char *name, *what, *zero;
};

static const struct row rows[] = {
#define F_ROW(id, name, what, zero, fn) { name, what, zero },
	FEATURES(F_ROW)
#undef F_ROW
};

/* A table cell: '|' would end it. */
static void
cell(const char *s, FILE *out)
{
	for (; *s; s++) {
		if (*s == '|')
			fputc('\\', out);
		fputc(*s, out);
	}
}

static void
table(FILE *out)
{
	fputs("| signal | what it says | what 0 says |\n|---|---|---|\n", out);
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		fputs("| `", out);
		cell(rows[i].name, out);
		fputs("` | ", out);
		cell(rows[i].what, out);
		fputs(" | ", out);
		cell(rows[i].zero, out);
		fputs(" |\n", out);
	}
}

int
main(int argc, char **argv)
{
	if (argc != 2) {
		fputs("usage: gen-signals ALGORITHMS.MD\n", stderr);
		return 2;
	}
	FILE *in = fopen(argv[1], "r");
	if (!in) {
		perror(argv[1]);
		return 1;
	}
	char line[4096];
	int state = 0;          /* 0 before, 1 inside (skipped), 2 after */
	while (fgets(line, sizeof line, in)) {
		if (state == 1) {
			if (strcmp(line, END))
				continue;
			table(stdout);
			state = 2;
		} else if (state == 0 && !strcmp(line, BEGIN)) {
			state = 1;
		}
		fputs(line, stdout);
	}
	fclose(in);
	if (state != 2) {
		fprintf(stderr, "%s: no %s line%s\n", argv[1], state ? "end-of-signals" : "signals",
			state ? " after the signals line" : "");
		return 1;
	}
	return fflush(stdout) == 0 ? 0 : 1;
}
