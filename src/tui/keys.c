/* keys.c - the inspector's keys: their names, the bindings the action
 * table makes, and key scripts.
 *
 * Key scripts (--keys FILE, for tests the tig way) are whitespace-separated
 * tokens; a line whose first non-blank character is '#' is a comment.
 *   j  +  /  ?        one character is that key
 *   Enter  <Enter>    a key by name: Up Down Left Right PgUp PgDn Home End
 *                     Enter Tab BTab Space Esc Backspace F1, C-a .. C-z
 *                     (control keys, e.g. <C-r>); angle brackets optional
 *   PIN_OUT  pin-out  an action by its name in actions.h (as is, or in
 *                     lower case with '-' for '_'): its first key
 *   text:WORDS        types each character of WORDS (for / and e prompts)
 *   click:X,Y         a left click at column X, line Y (0-based)
 *   wheelup:X,Y wheeldown:X,Y   the mouse wheel there
 *   resize:COLSxLINES the terminal takes that size
 *   dump              write the screen now
 * Without any dump token the screen is written after every token.  The
 * script ending is the same as q.  Each dump is headed by the tokens
 * since the one before ("--- screen 3: / text:story Enter ---"). */
#include "config.h"

#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>
#include <wchar.h>
#include <sys/ioctl.h>

#include <curses.h>

#include "tui/report.h"
#include "tui/tui.h"
#include "tui/view.h"
#include "tui/tui-int.h"
#include "rules/rules.h"
#include "format.h"
#include "file.h"
#include "rules/learn.h"


const struct action_info tui_actions[ACT_COUNT] = {
#define A_INFO(name, keys, group, help, handler) [ACT_##name] = { #name, keys, group, help },
	TUI_ACTIONS(A_INFO)
#undef A_INFO
};

/* ---- key names and bindings ---- */

static const struct {
	const char *name;
	enum key_type type;
	int code;
} key_names[] = {
	{ "Up", K_FN, KEY_UP }, { "Down", K_FN, KEY_DOWN },
	{ "Left", K_FN, KEY_LEFT }, { "Right", K_FN, KEY_RIGHT },
	{ "PgUp", K_FN, KEY_PPAGE }, { "PgDn", K_FN, KEY_NPAGE },
	{ "Home", K_FN, KEY_HOME }, { "End", K_FN, KEY_END },
	{ "Enter", K_CHAR, '\n' }, { "Tab", K_CHAR, '\t' },
	{ "BTab", K_FN, KEY_BTAB }, { "Space", K_CHAR, ' ' },
	{ "Esc", K_CHAR, 27 }, { "Backspace", K_FN, KEY_BACKSPACE },
	{ "F1", K_FN, KEY_F(1) },
};

static int parse_key(const char *tok, struct tui_key *k);

/* An action's name, as in the table (PIN_OUT) or as a script would write
 * it (pin-out): the action, or ACT_NONE. */
static enum action
action_named(const char *name)
{
	for (int a = 0; a < ACT_COUNT; a++) {
		const char *an = tui_actions[a].name;
		if (!strcmp(an, name))
			return (enum action)a;
		size_t i = 0;
		while (an[i] && name[i] &&
		       (an[i] == '_' ? name[i] == '-' : name[i] == (an[i] | 0x20)))
			i++;
		if (!an[i] && !name[i])
			return (enum action)a;
	}
	return ACT_NONE;
}

/* The first key the table gives action a. */
static void
action_key(enum action a, struct tui_key *k)
{
	char first[32];
	const char *keys = tui_actions[a].keys;
	size_t n = strcspn(keys, " ");
	snprintf(first, sizeof first, "%.*s", (int)n, keys);
	if (parse_key(first, k) < 0)
		die("bad key '%s' in the action table", first);
}

/* A key name (with or without <>), one character, or an action's name;
 * 0 or -1. */
static int
parse_key(const char *tok, struct tui_key *k)
{
	memset(k, 0, sizeof *k);
	size_t n = strlen(tok);
	char name[32];
	if (n >= 3 && tok[0] == '<' && tok[n - 1] == '>') {
		tok++;
		n -= 2;
	}
	if (n == 0 || n >= sizeof name)
		return -1;
	memcpy(name, tok, n);
	name[n] = '\0';
	uint32_t cp;
	size_t used = utf8_decode((const unsigned char *)name, n, &cp);
	if (used == n) {
		k->type = K_CHAR;
		k->code = (int)cp;
		return 0;
	}
	if (n == 3 && name[0] == 'C' && name[1] == '-' &&
	    ((name[2] >= 'a' && name[2] <= 'z') || (name[2] >= 'A' && name[2] <= 'Z'))) {
		k->type = K_CHAR;
		k->code = (name[2] | 0x20) - 'a' + 1;
		return 0;
	}
	for (size_t i = 0; i < sizeof key_names / sizeof key_names[0]; i++)
		if (!strcmp(key_names[i].name, name)) {
			k->type = key_names[i].type;
			k->code = key_names[i].code;
			return 0;
		}
	enum action a = action_named(name);
	if (a == ACT_NONE)
		return -1;
	action_key(a, k);
	return 0;
}

struct binding {
	enum key_type type;
	int code;
	enum action act;
};
static struct binding bindings[3 * ACT_COUNT];
static int nbindings;

/* The bindings come from the action table; a name it cannot parse is a
 * bug in the table, caught on the first run. */
void
keys_build(void)
{
	if (nbindings)
		return;
	for (int a = 0; a < ACT_COUNT; a++) {
		char keys[64];
		snprintf(keys, sizeof keys, "%s", tui_actions[a].keys);
		for (char *tok = strtok(keys, " "); tok; tok = strtok(NULL, " ")) {
			struct tui_key k;
			if (parse_key(tok, &k) < 0 || nbindings == (int)(sizeof bindings / sizeof bindings[0]))
				die("bad key '%s' in the action table", tok);
			bindings[nbindings++] = (struct binding){ k.type, k.code, (enum action)a };
		}
	}
}

void
keys_normalise(struct tui_key *k)
{
	if (k->type == K_FN && k->code == KEY_ENTER) {
		k->type = K_CHAR;
		k->code = '\n';
	} else if (k->type == K_CHAR && k->code == '\r') {
		k->code = '\n';
	} else if (k->type == K_CHAR && (k->code == 127 || k->code == 8)) {
		k->type = K_FN;
		k->code = KEY_BACKSPACE;
	}
}

enum action
keys_lookup(const struct tui_key *k)
{
	for (int i = 0; i < nbindings; i++)
		if (bindings[i].type == k->type && bindings[i].code == k->code)
			return bindings[i].act;
	return ACT_NONE;
}

void
tui_print_keys(FILE *out, int roff)
{
	const char *group = "";
	for (int a = 0; a < ACT_COUNT; a++) {
		const struct action_info *ai = &tui_actions[a];
		if (strcmp(group, ai->group)) {
			group = ai->group;
			if (roff)
				fprintf(out, ".SS %s\n", group);
			else
				fprintf(out, "%s\n", group);
		}
		if (roff)
			fprintf(out, ".TP\n.B %s\n%s\n", ai->keys, ai->help);
		else
			fprintf(out, "  %-12s %s\n", ai->keys, ai->help);
	}
}

/* ---- key scripts ---- */

/* The keys, and for each the step it names in a dump's header: its own
 * token, or for a dump the tokens since the last dump. */

static void
script_add(struct script *s, const struct tui_key *k, const char *step)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 64;
		s->keys = xreallocarray(s->keys, (size_t)s->cap, sizeof *s->keys);
		s->steps = xreallocarray(s->steps, (size_t)s->cap, sizeof *s->steps);
	}
	s->steps[s->n] = xstrdup(step);
	s->keys[s->n++] = *k;
}

void
script_free(struct script *s)
{
	for (int i = 0; i < s->n; i++)
		free(s->steps[i]);
	free(s->steps);
	free(s->keys);
	memset(s, 0, sizeof *s);
}

/* The largest key script read (a test's is a few hundred bytes). */
#define KEY_SCRIPT_MAX ((size_t)1 << 20)

int
script_load(struct script *s, const char *path, char *err, size_t errlen)
{
	memset(s, 0, sizeof *s);
	/* a regular file of bounded size: --keys /dev/zero would never end */
	if (check_regular(path, KEY_SCRIPT_MAX, err, errlen) < 0)
		return -1;
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "%s", strerror(errno));
		return -1;
	}
	char line[4096];
	int lineno = 0;
	struct buf since;   /* the tokens since the last dump */
	buf_init(&since);
	buf_adds(&since, "");
	while (fgets(line, sizeof line, f)) {
		lineno++;
		char *p = line + strspn(line, " \t");
		if (*p == '#')
			continue;
		for (char *save = NULL, *tok = strtok_r(p, " \t\r\n", &save); tok;
		     tok = strtok_r(NULL, " \t\r\n", &save)) {
			struct tui_key k;
			memset(&k, 0, sizeof k);
			int a, b;
			if (!strcmp(tok, "dump")) {
				k.type = K_DUMP;
				s->has_dump = true;
				script_add(s, &k, since.len ? since.data : "(start)");
				since.len = 0;
				since.data[0] = '\0';
				continue;
			}
			if (since.len < 200)
				buf_printf(&since, "%s%s", since.len ? " " : "", tok);
			if (sscanf(tok, "resize:%dx%d", &a, &b) == 2 && a > 0 && b > 0 && a <= 1000 && b <= 1000) {
				k.type = K_RESIZE;
				k.x = a;
				k.y = b;
			} else if (sscanf(tok, "click:%d,%d", &a, &b) == 2) {
				k.type = K_MOUSE;
				k.button = 1;
				k.x = a;
				k.y = b;
			} else if (sscanf(tok, "wheelup:%d,%d", &a, &b) == 2 ||
				   sscanf(tok, "wheeldown:%d,%d", &a, &b) == 2) {
				k.type = K_MOUSE;
				k.button = tok[5] == 'u' ? 4 : 5;
				k.x = a;
				k.y = b;
			} else if (!strncmp(tok, "text:", 5) && tok[5]) {
				const unsigned char *u = (const unsigned char *)tok + 5;
				size_t n = strlen(tok + 5), i = 0;
				while (i < n) {
					uint32_t cp;
					size_t at = i;
					i += utf8_decode(u + i, n - i, &cp);
					struct tui_key c = { .type = K_CHAR, .code = (int)cp };
					char step[16];
					snprintf(step, sizeof step, "text:%.*s", (int)(i - at), tok + 5 + at);
					script_add(s, &c, step);
				}
				continue;
			} else if (parse_key(tok, &k) < 0) {
				snprintf(err, errlen, "line %d: unknown key '%s'", lineno, tok);
				fclose(f);
				buf_free(&since);
				script_free(s);
				return -1;
			}
			script_add(s, &k, tok);
		}
	}
	fclose(f);
	buf_free(&since);
	return 0;
}
