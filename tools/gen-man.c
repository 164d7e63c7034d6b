/* gen-man.c - writes doc/pith.1 from doc/pith.1.in, with what the tables
 * say put in place of these lines:
 *   @KEYS@             the inspector's keys (src/tui/actions.h)
 *   @METHODS@          every method and what it is (the method table)
 *   @DUMP@             each method's dump columns and reasons
 *   @PARAMS NAME ...@  a tag line of those parameters with their defaults
 *   @PARAMS-REST@      every parameter no @PARAMS line before it named, with
 *                      its help
 * A @PARAMS line naming no parameter, or a parameter named twice, is an
 * error.  Run by the build; not installed. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "method/method.h"
#include "params.h"
#include "tui/actions.h"

struct action {
	const char *keys, *group, *help;
};

static const struct action actions[] = {
#define A_ROW(name, keys, group, help, handler) { keys, group, help },
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

static void
keys(FILE *out)
{
	const char *group = "";
	for (size_t a = 0; a < sizeof actions / sizeof actions[0]; a++) {
		if (strcmp(group, actions[a].group)) {
			group = actions[a].group;
			fprintf(out, ".SS %s\n", group);
		}
		fputs(".TP\n.B ", out);
		roff(actions[a].keys, out);
		fputc('\n', out);
		roff(actions[a].help, out);
		fputc('\n', out);
	}
}

static void
list_methods(FILE *out)
{
	fputs(".RS\n", out);
	for (int k = 0; k < nmethods; k++) {
		fputs(".TP 6\n.B ", out);
		roff(methods[k]->name, out);
		fputc('\n', out);
		roff(methods[k]->summary, out);
		fputc('\n', out);
	}
	fputs(".RE\n", out);
}

/* Each method's dump columns and reasons, and those of every method. */
static void
dump_columns(FILE *out)
{
	fputs(".RS\n", out);
	for (int k = 0; k < nmethods; k++) {
		const struct method *m = methods[k];
		if (!m->needs_dom)
			continue;
		fputs(".TP 6\n.B ", out);
		roff(m->name, out);
		fputc('\n', out);
		for (int c = 0; c < m->ncolumns; c++) {
			fputs(c ? " " : "columns ", out);
			roff(m->columns[c].name, out);
			fputs(c + 1 < m->ncolumns ? "" : "; ", out);
		}
		fputs("reasons ", out);
		for (int r = 0; r < method_reasons(m); r++) {
			enum reason id = method_reason_at(m, r);
			if (r)
				fputs(", ", out);
			roff(reason_name(id), out);
		}
		fputc('\n', out);
	}
	fputs(".TP 6\nall\nreasons pinned, rule\\-body, rule\\-strip\n.RE\n", out);
}

/* A parameter's default as the tag line shows it: the value, or an
 * enum's names (the default first), "built-in" for a file. */
static void
default_of(const struct param_desc *d, FILE *out)
{
	struct params p;
	params_default(&p);
	if (d->type == PARAM_ENUM) {
		int def = (int)d->def;
		roff(d->values[def], out);
		for (int v = 0; d->values[v]; v++)
			if (v != def) {
				fputc('|', out);
				roff(d->values[v], out);
			}
		return;
	}
	char v[64];
	params_format(&p, d, v, sizeof v);
	roff(v, out);
}

static bool named[64];

/* ".BR a " (1), " b " (2)"" for the names in line (after "@PARAMS "). */
static int
tag_line(char *line, FILE *out, const char *file)
{
	fputs(".TP\n.BR", out);
	int n = 0;
	for (char *save = NULL, *w = strtok_r(line, " @\n", &save); w;
	     w = strtok_r(NULL, " @\n", &save)) {
		const struct param_desc *d = params_find(w);
		size_t i = 0;
		while (i < params_count() && params_at(i) != d)
			i++;
		if (!d || named[i]) {
			fprintf(stderr, "%s: @PARAMS: %s '%s'\n", file,
				d ? "named twice:" : "no such parameter", w);
			return -1;
		}
		named[i] = true;
		fputs(n++ ? ", \" " : " ", out);
		roff(d->name, out);
		fputs(" \" (", out);
		default_of(d, out);
		fputc(')', out);
	}
	fputs("\"\n", out);
	return n ? 0 : -1;
}

static void
params_rest(FILE *out)
{
	for (size_t i = 0; i < params_count(); i++) {
		if (named[i])
			continue;
		const struct param_desc *d = params_at(i);
		fputs(".TP\n.BR ", out);
		roff(d->name, out);
		fputs(" \" (", out);
		default_of(d, out);
		fputs(")\"\n", out);
		roff(d->help, out);
		fputs(".\n", out);
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
	int nkeys = 0, nlists = 0, ndump = 0, rest = 0;
	while (fgets(line, sizeof line, in)) {
		if (!strcmp(line, "@KEYS@\n")) {
			keys(stdout);
			nkeys++;
		} else if (!strcmp(line, "@METHODS@\n")) {
			list_methods(stdout);
			nlists++;
		} else if (!strcmp(line, "@DUMP@\n")) {
			dump_columns(stdout);
			ndump++;
		} else if (!strncmp(line, "@PARAMS ", 8)) {
			if (rest || tag_line(line + 8, stdout, argv[1]) < 0) {
				if (rest)
					fprintf(stderr, "%s: a @PARAMS line after @PARAMS-REST@\n",
						argv[1]);
				fclose(in);
				return 1;
			}
		} else if (!strcmp(line, "@PARAMS-REST@\n")) {
			/* last in the section: every @PARAMS line is before it */
			params_rest(stdout);
			rest++;
		} else if (line[0] == '@') {
			fprintf(stderr, "%s: unknown line %s", argv[1], line);
			fclose(in);
			return 1;
		} else {
			fputs(line, stdout);
		}
	}
	fclose(in);
	if (nkeys != 1 || nlists != 1 || ndump != 1 || rest != 1) {
		fprintf(stderr, "%s: needs one @KEYS@, @METHODS@, @DUMP@ and @PARAMS-REST@ line each\n",
			argv[1]);
		return 1;
	}
	return fflush(stdout) == 0 ? 0 : 1;
}
