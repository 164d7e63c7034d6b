/* screen.c - curses set-up and teardown, signals, colours by role, input,
 * the scripted virtual screen, and clipped wide-character drawing. */
#include "config.h"

#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

#include <curses.h>

#include "util.h"
#include "tui/screen.h"

/* ---- colours by role ---- */

struct role_style {
	short fg, bg;       /* -1: the terminal's default */
	attr_t color_attr;  /* with colours */
	attr_t mono_attr;   /* NO_COLOR, TERM=dumb-like terminals, dumps */
};

/* One table: what each role looks like with and without colour.  Every
 * decision also has a glyph (view-tree.c), so colour is never the only
 * signal. */
static const struct role_style roles[ROLE_COUNT] = {
	[ROLE_NORMAL]       = { -1, -1, A_NORMAL, A_NORMAL },
	[ROLE_DIM]          = { -1, -1, A_DIM, A_DIM },
	[ROLE_TITLE]        = { COLOR_WHITE, COLOR_BLUE, A_NORMAL, A_UNDERLINE },
	[ROLE_TITLE_FOCUS]  = { COLOR_BLACK, COLOR_CYAN, A_BOLD, A_REVERSE | A_BOLD },
	[ROLE_CURSOR]       = { -1, -1, A_REVERSE, A_REVERSE },
	[ROLE_CURSOR_IDLE]  = { -1, -1, A_UNDERLINE, A_UNDERLINE },
	[ROLE_CONTENT]      = { COLOR_GREEN, -1, A_BOLD, A_BOLD },
	[ROLE_NOISE]        = { -1, -1, A_NORMAL, A_NORMAL },
	[ROLE_SMOOTH]       = { COLOR_CYAN, -1, A_NORMAL, A_BOLD },
	[ROLE_OUTLIER]      = { COLOR_MAGENTA, -1, A_NORMAL, A_NORMAL },
	[ROLE_PIN_IN]       = { COLOR_BLUE, -1, A_BOLD, A_BOLD | A_UNDERLINE },
	[ROLE_PIN_OUT]      = { COLOR_RED, -1, A_BOLD, A_UNDERLINE },
	[ROLE_SKIP]         = { -1, -1, A_DIM, A_DIM },
	[ROLE_BAR]          = { -1, -1, A_NORMAL, A_NORMAL },
	[ROLE_BAR_REGION]   = { COLOR_YELLOW, -1, A_NORMAL, A_NORMAL },
	[ROLE_BAR_SELECTED] = { COLOR_GREEN, -1, A_BOLD, A_BOLD },
	[ROLE_BAR_ELEM]     = { COLOR_CYAN, -1, A_REVERSE, A_REVERSE },
	[ROLE_THRESHOLD]    = { COLOR_RED, -1, A_NORMAL, A_NORMAL },
	[ROLE_HIST_CURSOR]  = { -1, -1, A_REVERSE | A_BOLD, A_REVERSE | A_BOLD },
	[ROLE_HIGHLIGHT]    = { COLOR_BLACK, COLOR_YELLOW, A_NORMAL, A_BOLD | A_UNDERLINE },
	[ROLE_DROPPED]      = { -1, -1, A_DIM, A_DIM },
	[ROLE_PINNED_TEXT]  = { COLOR_BLUE, -1, A_NORMAL, A_UNDERLINE },
	[ROLE_STATUS]       = { COLOR_BLACK, COLOR_WHITE, A_NORMAL, A_REVERSE },
	[ROLE_STATUS_PARAM] = { COLOR_WHITE, COLOR_RED, A_BOLD, A_BOLD | A_UNDERLINE },
	[ROLE_ERROR]        = { COLOR_RED, -1, A_BOLD, A_BOLD },
	[ROLE_PROMPT]       = { -1, -1, A_BOLD, A_BOLD },
	[ROLE_HEADING]      = { COLOR_YELLOW, -1, A_BOLD, A_BOLD },
	[ROLE_KEY]          = { COLOR_GREEN, -1, A_BOLD, A_BOLD },
	[ROLE_MATCH]        = { COLOR_BLACK, COLOR_MAGENTA, A_NORMAL, A_BOLD },
};

/* ---- state ---- */

static struct {
	bool active, scripted, colour, utf8, mouse;
	SCREEN *scr;
	FILE *out, *in;
	int cols, lines;              /* scripted size */
	int tty;                      /* the terminal keys are read from */
	struct termios saved_tio;
	bool have_tio;
	int saved_err;                /* the real stderr while curses runs */
	FILE *errlog;                 /* what was written to stderr meanwhile */
	char reset_seq[256];          /* written by the fatal-signal handler */
	size_t reset_len;
} S = { .saved_err = -1, .tty = STDIN_FILENO };

/* screen_deadline's alarm (kept apart from S, which screen_init clears) */
static struct {
	bool set;
	char msg[600];        /* what on_deadline writes */
	size_t len;
} D;

static volatile sig_atomic_t pending_quit, pending_tstp, pending_cont;

static void
on_quit(int sig)
{
	pending_quit = sig;
}

static void
on_tstp(int sig)
{
	(void)sig;
	pending_tstp = 1;
}

static void
on_cont(int sig)
{
	(void)sig;
	pending_cont = 1;
}

/* Async-signal-safe restoration of the terminal: the saved terminal
 * modes, the precomputed "leave the alternate screen, show the cursor"
 * bytes, the real stderr back with what was written to it meanwhile
 * (often the reason for the crash). */
static void
restore_terminal_now(void)
{
	if (S.active && !S.scripted) {
		if (S.have_tio)
			tcsetattr(S.tty, TCSANOW, &S.saved_tio);
		if (S.reset_len && write(STDOUT_FILENO, S.reset_seq, S.reset_len) < 0)
			S.reset_len = 0;
		if (S.saved_err >= 0 && dup2(S.saved_err, STDERR_FILENO) >= 0 && S.errlog) {
			/* stderr is unbuffered: everything is in the file */
			int fd = fileno(S.errlog);
			char b[512];
			ssize_t k;
			if (lseek(fd, 0, SEEK_SET) == 0)
				while ((k = read(fd, b, sizeof b)) > 0)
					if (write(STDERR_FILENO, b, (size_t)k) < 0)
						break;
		}
	}
}

/* Crashes: the terminal back, then die of the same signal. */
static void
on_fatal(int sig)
{
	restore_terminal_now();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* screen_deadline's alarm: the terminal back, the message, exit 1. */
static void
on_deadline(int sig)
{
	(void)sig;
	restore_terminal_now();
	if (write(STDERR_FILENO, D.msg, D.len) < 0)
		D.len = 0;
	_exit(1);
}

static void
set_handler(int sig, void (*fn)(int))
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;   /* no SA_RESTART: a signal interrupts the key wait */
	sigaction(sig, &sa, NULL);
}

static void
install_signals(void)
{
	set_handler(SIGINT, on_quit);
	set_handler(SIGTERM, on_quit);
	set_handler(SIGHUP, on_quit);
	set_handler(SIGTSTP, on_tstp);
	set_handler(SIGCONT, on_cont);
	set_handler(SIGSEGV, on_fatal);
	set_handler(SIGBUS, on_fatal);
	set_handler(SIGFPE, on_fatal);
	set_handler(SIGILL, on_fatal);
	set_handler(SIGABRT, on_fatal);
	/* every other signal whose default ends the process: the loop leaves
	 * the screen in order, then pith dies of the same signal */
	static const int others[] = { SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE,
				      SIGXCPU, SIGXFSZ };
	for (size_t i = 0; i < sizeof others / sizeof others[0]; i++)
		set_handler(others[i], on_quit);
	if (D.set)
		set_handler(SIGALRM, on_deadline);
}

static void
restore_signals(void)
{
	int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGSEGV,
		       SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGQUIT, SIGUSR1, SIGUSR2,
		       SIGALRM, SIGPIPE, SIGXCPU, SIGXFSZ };
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		signal(sigs[i], SIG_DFL);
	if (D.set)
		set_handler(SIGALRM, on_deadline);
}

void
screen_loading(bool on)
{
	if (!S.active || S.scripted)
		return;
	/* on_fatal restores the terminal and dies of the signal at once */
	void (*fn)(int) = on ? on_fatal : on_quit;
	set_handler(SIGINT, fn);
	set_handler(SIGTERM, fn);
	set_handler(SIGHUP, fn);
}

void
screen_deadline(unsigned seconds, const char *msg)
{
	alarm(0);
	D.set = seconds > 0;
	if (!D.set) {
		if (S.active && !S.scripted)
			set_handler(SIGALRM, on_quit);
		else
			signal(SIGALRM, SIG_DFL);
		return;
	}
	size_t n = strlen(msg);
	if (n > sizeof D.msg - 1)
		n = sizeof D.msg - 1;
	memcpy(D.msg, msg, n);
	D.len = n;
	set_handler(SIGALRM, on_deadline);
	alarm(seconds);
}

static void
add_reset(const char *cap)
{
	char *s = tigetstr((char *)cap);
	if (!s || s == (char *)-1)
		return;
	size_t k = strlen(s);
	if (S.reset_len + k < sizeof S.reset_seq) {
		memcpy(S.reset_seq + S.reset_len, s, k);
		S.reset_len += k;
	}
}

/* Standard error goes to a temporary file while the screen is up. */
static void
capture_stderr(void)
{
	if (S.scripted || S.errlog)
		return;
	fflush(stderr);
	S.errlog = tmpfile();
	if (!S.errlog)
		return;
	S.saved_err = dup(STDERR_FILENO);
	if (S.saved_err < 0 || dup2(fileno(S.errlog), STDERR_FILENO) < 0) {
		fclose(S.errlog);
		S.errlog = NULL;
	}
}

static void
release_stderr(void)
{
	if (!S.errlog)
		return;
	fflush(stderr);
	dup2(S.saved_err, STDERR_FILENO);
	close(S.saved_err);
	S.saved_err = -1;
	rewind(S.errlog);
	char b[4096];
	size_t k;
	while ((k = fread(b, 1, sizeof b, S.errlog)) > 0)
		fwrite(b, 1, k, stderr);
	fclose(S.errlog);
	S.errlog = NULL;
}

static void
at_exit(void)
{
	screen_end();
}

static void
setup_colours(void)
{
	const char *nc = getenv("NO_COLOR");
	S.colour = !S.scripted && !(nc && *nc) && has_colors();
	if (!S.colour)
		return;
	start_color();
	use_default_colors();
	for (int r = 0; r < ROLE_COUNT; r++)
		init_pair((short)(r + 1), roles[r].fg, roles[r].bg);
}

int
screen_init(const struct screen_opts *o, char *err, size_t errlen)
{
	static bool registered;
	memset(&S, 0, sizeof S);
	S.saved_err = -1;
	S.scripted = o->scripted;
	const char *cs = nl_langinfo(CODESET);
	S.utf8 = cs && (!strcmp(cs, "UTF-8") || !strcmp(cs, "utf8"));

	if (S.scripted) {
		/* A fixed virtual terminal: output to /dev/null, no input; the
		 * screen is read back from stdscr.  A common terminal type so
		 * the dumps do not depend on the user's TERM. */
		S.out = fopen("/dev/null", "w");
		/* cppcheck-suppress incompatibleFileOpen ; two ends of nothing */
		S.in = fopen("/dev/null", "r");
		if (!S.out || !S.in) {
			snprintf(err, errlen, "cannot open /dev/null");
			return -1;
		}
		static const char *const types[] = { "xterm-256color", "xterm", "vt100", "ansi" };
		for (size_t i = 0; i < sizeof types / sizeof types[0] && !S.scr; i++)
			S.scr = newterm((char *)types[i], S.out, S.in);
		if (!S.scr) {
			snprintf(err, errlen, "no terminal description for the virtual screen");
			return -1;
		}
		S.cols = o->cols;
		S.lines = o->lines;
		resizeterm(S.lines, S.cols);
	} else {
		const char *term = getenv("TERM");
		if (!term || !*term || !strcmp(term, "dumb")) {
			snprintf(err, errlen, "the terminal (TERM=%s) cannot show the inspector",
				 term && *term ? term : "");
			return -1;
		}
		/* Keys come from the terminal, whatever standard input is (a
		 * file, /dev/null: reading it would only ever give end of file) */
		FILE *keys = stdin;
		if (!isatty(STDIN_FILENO)) {
			S.in = fopen("/dev/tty", "r");
			if (!S.in) {
				snprintf(err, errlen, "no terminal to read keys from (/dev/tty: %s)",
					 strerror(errno));
				return -1;
			}
			keys = S.in;
		}
		S.tty = fileno(keys);
		if (tcgetattr(S.tty, &S.saved_tio) == 0)
			S.have_tio = true;
		/* Ours before curses starts, so ncurses installs none of its own
		 * for these (it does for SIGWINCH, which gives KEY_RESIZE). */
		install_signals();
		S.scr = newterm(NULL, stdout, keys);
		if (!S.scr) {
			restore_signals();
			if (S.in)
				fclose(S.in);
			S.in = NULL;
			snprintf(err, errlen, "cannot use the terminal (TERM=%s)", term);
			return -1;
		}
		char *cup = tigetstr("cup");
		if (!cup || cup == (char *)-1) {
			endwin();
			delscreen(S.scr);
			S.scr = NULL;
			restore_signals();
			snprintf(err, errlen, "the terminal (TERM=%s) cannot move the cursor", term);
			return -1;
		}
		/* Home and End as tmux and screen send them whatever TERM says */
		define_key("\033[1~", KEY_HOME);
		define_key("\033[4~", KEY_END);
		define_key("\033[7~", KEY_HOME);
		define_key("\033[8~", KEY_END);
		add_reset("sgr0");
		add_reset("rmkx");
		add_reset("cnorm");
		add_reset("rmcup");
		if (o->mouse && S.reset_len + 24 < sizeof S.reset_seq) {
			static const char off[] = "\033[?1000l\033[?1006l";
			memcpy(S.reset_seq + S.reset_len, off, sizeof off - 1);
			S.reset_len += sizeof off - 1;
		}
	}
	S.active = true;
	if (!registered) {
		atexit(at_exit);
		registered = true;
	}
	cbreak();     /* not raw: ^C and ^Z still make signals */
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	curs_set(0);
	set_escdelay(25);
	wtimeout(stdscr, 250);
	setup_colours();
	if (!S.scripted && o->mouse) {
		S.mouse = true;
		mousemask(BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
		mouseinterval(0);
	}
	capture_stderr();
	/* a fatal error gets the terminal back before its message */
	die_set_cleanup(screen_end);
	return 0;
}

void
screen_end(void)
{
	if (!S.active)
		return;
	S.active = false;
	die_set_cleanup(NULL);
	if (S.mouse)
		mousemask(0, NULL);
	curs_set(1);
	endwin();
	if (S.scr) {
		delscreen(S.scr);
		S.scr = NULL;
	}
	if (S.scripted) {
		if (S.out)
			fclose(S.out);
		if (S.in)
			fclose(S.in);
		S.out = S.in = NULL;
	} else {
		if (S.have_tio)
			tcsetattr(S.tty, TCSANOW, &S.saved_tio);
		if (S.in)
			fclose(S.in);
		S.in = NULL;
		S.tty = STDIN_FILENO;
		release_stderr();
		restore_signals();
	}
}

bool
screen_active(void)
{
	return S.active;
}

int
screen_cols(void)
{
	return COLS;
}

int
screen_lines(void)
{
	return LINES;
}

bool
screen_utf8(void)
{
	return S.utf8;
}

void
screen_resize(int cols, int lines)
{
	if (S.scripted) {
		S.cols = cols;
		S.lines = lines;
		resizeterm(lines, cols);
	}
}

void
screen_update(bool full)
{
	if (full)
		clearok(curscr, TRUE);
	wnoutrefresh(stdscr);
	doupdate();
}

/* ^Z: give the terminal back, stop, and take it again on SIGCONT. */
static void
suspend(void)
{
	endwin();
	release_stderr();
	signal(SIGTSTP, SIG_DFL);
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGTSTP);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(SIGTSTP);
	/* running again */
	set_handler(SIGTSTP, on_tstp);
	capture_stderr();
	pending_cont = 0;
}

static bool poll_only;

void
screen_pollkey(struct tui_key *k)
{
	poll_only = true;
	wtimeout(stdscr, 0);
	screen_getkey(k);
	wtimeout(stdscr, 250);
	poll_only = false;
}

/* A key read ahead and put back (screen_ungetkey). */
static struct tui_key pushed;
static bool have_pushed;

void
screen_ungetkey(const struct tui_key *k)
{
	pushed = *k;
	have_pushed = true;
}

void
screen_getkey(struct tui_key *k)
{
	memset(k, 0, sizeof *k);
	if (have_pushed) {
		*k = pushed;
		have_pushed = false;
		return;
	}
	for (;;) {
		if (pending_quit) {
			k->type = K_SIGNAL;
			k->code = pending_quit;
			return;
		}
		if (pending_tstp) {
			pending_tstp = 0;
			suspend();
			k->type = K_RESIZE;
			return;
		}
		if (pending_cont) {
			pending_cont = 0;
			k->type = K_RESIZE;
			return;
		}
		wint_t ch;
		int r = wget_wch(stdscr, &ch);
		if (r == ERR && poll_only && !pending_quit && !pending_tstp && !pending_cont) {
			k->type = K_NONE;       /* nothing there */
			return;
		}
		if (r == ERR)
			continue;   /* the timeout, or a signal: look at the flags */
		if (r == KEY_CODE_YES) {
			if (ch == KEY_RESIZE) {
				k->type = K_RESIZE;
				return;
			}
			if (ch == KEY_MOUSE) {
				MEVENT ev;
				if (getmouse(&ev) != OK)
					continue;
				k->type = K_MOUSE;
				k->y = ev.y;
				k->x = ev.x;
				k->button = (ev.bstate & BUTTON4_PRESSED) ? 4 :
					    (ev.bstate & BUTTON5_PRESSED) ? 5 : 1;
				return;
			}
			k->type = K_FN;
			k->code = (int)ch;
			return;
		}
		k->type = K_CHAR;
		k->code = (int)ch;
		return;
	}
}

/* ---- drawing ---- */

static void
style_attr(int style, attr_t *a, short *pair)
{
	int r = style & 0xff;
	if (r >= ROLE_COUNT)
		r = ROLE_NORMAL;
	*a = S.colour ? roles[r].color_attr : roles[r].mono_attr;
	*pair = S.colour ? (short)(r + 1) : 0;
	if (style & STYLE_REVERSE)
		*a |= A_REVERSE;
	if (style & STYLE_BOLD)
		*a |= A_BOLD;
	if (style & STYLE_UNDERLINE)
		*a |= A_UNDERLINE;
}

enum { W_DROP = -2, W_BAD = -1 };

/* Cells of a code point: bidi controls are dropped (a terminal that
 * reorders would move text across columns), controls and unknown
 * characters take one cell as a stand-in. */
static int
cp_cells(uint32_t cp)
{
	if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0))
		return W_BAD;
	if (cp == 0x061C || cp == 0x200E || cp == 0x200F ||
	    (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069))
		return W_DROP;
	int w = wcwidth((wchar_t)cp);
	return w < 0 ? W_BAD : w;
}

static uint32_t
next_cp(const char *s, size_t n, size_t *i)
{
	const unsigned char *u = (const unsigned char *)s;
	uint32_t cp;
	if (u[*i] < 0x80) {
		cp = u[*i];
		(*i)++;
	} else {
		*i += utf8_decode(u + *i, n - *i, &cp);
	}
	return cp;
}

size_t
text_fit(const char *s, size_t n, int w, int *cells)
{
	size_t i = 0, fit = 0;
	int used = 0;
	bool base = false;
	while (i < n) {
		/* plain ASCII needs no table look-up */
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c < 0x7f) {
			if (used + 1 > w)
				break;
			used++;
			base = true;
			fit = ++i;
			continue;
		}
		size_t at = i;
		uint32_t cp = next_cp(s, n, &i);
		int cw = cp_cells(cp);
		if (cw == W_DROP || (cw == 0 && base)) {
			fit = i;
			continue;
		}
		if (cw == 0)
			continue;
		if (cw < 0)
			cw = 1;
		if (used + cw > w) {
			i = at;
			break;
		}
		used += cw;
		base = true;
		fit = i;
	}
	if (cells)
		*cells = used;
	return fit;
}

int
text_width(const char *s, size_t n)
{
	int c;
	text_fit(s, n, 1 << 30, &c);
	return c;
}

static void
put_cell(int y, int x, const wchar_t *wc, attr_t a, short pair)
{
	cchar_t cc;
	if (setcchar(&cc, wc, a, pair, NULL) == OK)
		mvwadd_wch(stdscr, y, x, &cc);
}

int
scr_text(int y, int x, int w, const char *s, size_t n, int style)
{
	if (w <= 0 || y < 0 || y >= LINES || x < 0 || x >= COLS)
		return 0;
	if (x + w > COLS)
		w = COLS - x;
	attr_t a;
	short pair;
	style_attr(style, &a, &pair);
	wchar_t cell[CCHARW_MAX + 1];
	int ncell = 0, cellw = 0, used = 0;
	size_t i = 0;
	while (i < n) {
		uint32_t cp = next_cp(s, n, &i);
		int cw = cp_cells(cp);
		if (cw == W_DROP)
			continue;
		if (cw == 0) {
			/* a combining mark (Tibetan subjoined letters, harakat,
			 * ZWJ) joins the cell before it */
			if (ncell > 0 && ncell < CCHARW_MAX)
				cell[ncell++] = (wchar_t)cp;
			continue;
		}
		if (ncell) {
			cell[ncell] = 0;
			put_cell(y, x + used, cell, a, pair);
			used += cellw;
			ncell = 0;
		}
		if (cw == W_BAD) {
			cp = cp == '\t' || cp == '\n' || cp == '\r' ? ' ' : '?';
			cw = 1;
		}
		if (used + cw > w)
			break;
		cell[0] = (wchar_t)cp;
		ncell = 1;
		cellw = cw;
	}
	if (ncell) {
		cell[ncell] = 0;
		put_cell(y, x + used, cell, a, pair);
		used += cellw;
	}
	return used;
}

int
scr_str(int y, int x, int w, const char *s, int style)
{
	return scr_text(y, x, w, s, strlen(s), style);
}

int
scr_printf(int y, int x, int w, int style, const char *fmt, ...)
{
	char b[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(b, sizeof b, fmt, ap);
	va_end(ap);
	return scr_text(y, x, w, b, strlen(b), style);
}

void
scr_fill(int y, int x, int w, int style)
{
	if (y < 0 || y >= LINES)
		return;
	if (x < 0) {
		w += x;
		x = 0;
	}
	if (x + w > COLS)
		w = COLS - x;
	attr_t a;
	short pair;
	style_attr(style, &a, &pair);
	static const wchar_t sp[] = L" ";
	for (int k = 0; k < w; k++)
		put_cell(y, x + k, sp, a, pair);
}

void
scr_glyph(int y, int x, const char *utf8, char ascii, int style)
{
	if (S.utf8 && utf8)
		scr_text(y, x, 1, utf8, strlen(utf8), style);
	else
		scr_text(y, x, 1, &ascii, 1, style);
}

void
scr_erase(void)
{
	werase(stdscr);
}

void
screen_dump(FILE *out, int n, const char *step)
{
	int cols = COLS;
	cchar_t *cells = xcalloc((size_t)cols + 1, sizeof *cells);
	struct buf line;
	buf_init(&line);
	fprintf(out, "--- screen %d: %s ---\n", n, step);
	for (int y = 0; y < LINES; y++) {
		line.len = 0;
		mvwin_wchnstr(stdscr, y, 0, cells, cols);
		/* ncurses leaves out the second cell of a wide character, so
		 * the cells are counted, not the entries */
		for (int k = 0, x = 0; k < cols && x < cols; k++) {
			wchar_t wc[CCHARW_MAX + 1] = { 0 };
			attr_t a;
			short pair;
			if (getcchar(&cells[k], wc, &a, &pair, NULL) == ERR || !wc[0])
				wc[0] = L' ', wc[1] = 0;
			for (int j = 0; j < CCHARW_MAX && wc[j]; j++)
				buf_add_utf8(&line, (uint32_t)wc[j]);
			int w = wcwidth(wc[0]);
			x += w > 1 ? w : 1;
		}
		while (line.len && line.data[line.len - 1] == ' ')
			line.len--;
		fwrite(line.data ? line.data : "", 1, line.len, out);
		fputc('\n', out);
	}
	fflush(out);
	buf_free(&line);
	free(cells);
}

void
screen_clipboard(const char *s)
{
	if (!S.active || S.scripted)
		return;
	static const char b64[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	struct buf b;
	buf_init(&b);
	buf_adds(&b, "\033]52;c;");
	size_t n = strlen(s);
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < n; i += 3) {
		unsigned v = (unsigned)u[i] << 16 | (i + 1 < n ? (unsigned)u[i + 1] << 8 : 0) |
			     (i + 2 < n ? u[i + 2] : 0);
		buf_addc(&b, b64[v >> 18 & 63]);
		buf_addc(&b, b64[v >> 12 & 63]);
		buf_addc(&b, i + 1 < n ? b64[v >> 6 & 63] : '=');
		buf_addc(&b, i + 2 < n ? b64[v & 63] : '=');
	}
	buf_addc(&b, '\a');
	fflush(stdout);
	ssize_t k = write(STDOUT_FILENO, b.data, b.len);
	(void)k;
	buf_free(&b);
}
