/* screen.h - the only module that talks to curses set-up and the terminal:
 * start and end (the terminal is restored on quit, on errors and on
 * SIGINT, SIGTERM, SIGHUP, SIGTSTP/SIGCONT and fatal signals), colours by
 * role, keys and mouse, resizes, the scripted virtual screen and its dumps,
 * and the few drawing calls the views use (clipped by display cells).
 *
 * While the screen runs in a terminal, standard error goes to a temporary
 * file and is replayed after the terminal is restored, so nothing scribbles
 * over the screen.  screen_init reports failures (an unusable terminal) in
 * err; nothing is printed. */
#ifndef PITH_TUI_SCREEN_H
#define PITH_TUI_SCREEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What a thing on the screen is; each has a colour and a no-colour look
 * (screen.c's table). */
enum role {
	ROLE_NORMAL, ROLE_DIM, ROLE_TITLE, ROLE_TITLE_FOCUS, ROLE_CURSOR,
	ROLE_CURSOR_IDLE,
	ROLE_CONTENT, ROLE_NOISE, ROLE_SMOOTH, ROLE_OUTLIER, ROLE_PIN_IN,
	ROLE_PIN_OUT, ROLE_SKIP,
	ROLE_BAR, ROLE_BAR_REGION, ROLE_BAR_SELECTED, ROLE_BAR_ELEM,
	ROLE_THRESHOLD, ROLE_HIST_CURSOR,
	ROLE_HIGHLIGHT, ROLE_DROPPED, ROLE_PINNED_TEXT,
	ROLE_STATUS, ROLE_STATUS_PARAM, ROLE_ERROR, ROLE_PROMPT, ROLE_HEADING,
	ROLE_KEY, ROLE_MATCH,
	ROLE_COUNT
};

/* A style is a role, optionally with these on top. */
enum { STYLE_REVERSE = 1 << 8, STYLE_BOLD = 1 << 9, STYLE_UNDERLINE = 1 << 10 };

/* An input event (the keyboard, the mouse, a key script). */
enum key_type { K_NONE, K_CHAR, K_FN, K_MOUSE, K_RESIZE, K_DUMP, K_SIGNAL, K_EOF };
struct tui_key {
	enum key_type type;
	int code;        /* K_CHAR: code point; K_FN: KEY_*; K_SIGNAL: signo */
	int y, x;        /* K_MOUSE: cell; K_RESIZE (scripted): lines, columns */
	int button;      /* K_MOUSE: 1 press, 4 wheel up, 5 wheel down */
};

struct screen_opts {
	bool scripted;   /* virtual screen on /dev/null, no colours */
	int cols, lines; /* scripted size */
	bool mouse;
};

int screen_init(const struct screen_opts *o, char *err, size_t errlen);
/* Restore the terminal; safe to call twice and from any exit path. */
void screen_end(void);
bool screen_active(void);
int screen_cols(void);
int screen_lines(void);
bool screen_utf8(void);
/* Scripted mode: the virtual terminal takes a new size. */
void screen_resize(int cols, int lines);
/* Draw what changed (nothing reaches a terminal in scripted mode). */
void screen_update(bool full);
/* Wait for the next event from the terminal; signals arrive as K_SIGNAL
 * (quit) or K_RESIZE (redraw after SIGCONT). */
/* Put back one key read ahead: the next screen_getkey or
 * screen_pollkey returns it. */
void screen_ungetkey(const struct tui_key *k);
void screen_getkey(struct tui_key *k);
/* The same without waiting: K_NONE when no key is there (the caller has
 * work to do between keys). */
void screen_pollkey(struct tui_key *k);
/* While a page is read and decided under the screen, nothing reads keys:
 * on, ^C, a hang-up or a kill restore the terminal and end pith at once
 * (dying of the signal); off, they are keys again (K_SIGNAL). */
void screen_loading(bool on);
/* A time limit on what follows (--timeout): after seconds, the terminal
 * is restored, msg is written to standard error and pith exits with 1,
 * whatever it is doing (a parse or a rule cannot be interrupted
 * otherwise).  0 lifts it.  Set before screen_init, it holds after. */
void screen_deadline(unsigned seconds, const char *msg);
/* Put s on the terminal's clipboard (OSC 52, which xterm, tmux, kitty and
 * most terminals pass on); nothing on a virtual screen. */
void screen_clipboard(const char *s);
/* Write the screen's text as UTF-8, headed "--- screen N: STEP ---" (the
 * keys that led to it, so a failing golden file names its step). */
void screen_dump(FILE *out, int n, const char *step);

/* ---- drawing on the composed screen (views only) ---- */
void scr_erase(void);
/* Fill w cells at (y, x) with spaces in style. */
void scr_fill(int y, int x, int w, int style);
/* Draw n bytes of UTF-8 at (y, x) within w cells; returns cells used.
 * Wide characters that would straddle the edge, control and bidi control
 * characters are never drawn; combining marks join their base cell. */
int scr_text(int y, int x, int w, const char *s, size_t n, int style);
int scr_str(int y, int x, int w, const char *s, int style);
int scr_printf(int y, int x, int w, int style, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* One glyph of one cell (UTF-8, or its ASCII fallback off UTF-8). */
void scr_glyph(int y, int x, const char *utf8, char ascii, int style);

/* Display cells of n bytes of UTF-8, as scr_text counts them. */
int text_width(const char *s, size_t n);
/* Bytes of s that fit in w cells (whole characters). */
size_t text_fit(const char *s, size_t n, int w, int *cells);

#endif
