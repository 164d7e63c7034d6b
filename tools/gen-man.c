/* gen-man.c - writes doc/pith.1 from doc/pith.1.in, with the KEYS section
 * generated from the inspector's action table (src/tui/actions.h) in
 * place of the line "@KEYS@".  Run by the build; not installed. */
#include <stdio.h>
#include <string.h>

#include "tui/actions.h"

struct action {
	const char *keys, *group, *help;
};

static const struct action actions[] = {
#define A_ROW(name, keys, group, help) { keys, group, help },
	TUI_ACTIONS(A_ROW)
#undef A_ROW
};

/* roff: a minus sign is "\-", a line must not start with '.' or '\''. */
static void
roff(const char *s, FILE *out)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", out);
	for (; *s; s++) {
		if (*s == '-')
			fputs("\\-", out);
		else if (*s == '\\')
			fputs("\\e", out);
		else
			fputc(*s, out);
	}
}

int
main(int argc, char **argv)
{
	if (argc != 2) {
		fputs("usage: gen-man PITH.1.IN\n", stderr);
		return 2;
	}
	FILE *in = fopen(argv[1], "r");
	if (!in) {
		perror(argv[1]);
		return 1;
	}
	char line[4096];
	int done = 0;
	while (fgets(line, sizeof line, in)) {
		if (strcmp(line, "@KEYS@\n")) {
			fputs(line, stdout);
			continue;
		}
		const char *group = "";
		for (size_t a = 0; a < sizeof actions / sizeof actions[0]; a++) {
			if (strcmp(group, actions[a].group)) {
				group = actions[a].group;
				printf(".SS %s\n", group);
			}
			fputs(".TP\n.B ", stdout);
			roff(actions[a].keys, stdout);
			fputc('\n', stdout);
			roff(actions[a].help, stdout);
			fputc('\n', stdout);
		}
		done = 1;
	}
	fclose(in);
	if (!done) {
		fprintf(stderr, "%s: no @KEYS@ line\n", argv[1]);
		return 1;
	}
	return fflush(stdout) == 0 ? 0 : 1;
}
