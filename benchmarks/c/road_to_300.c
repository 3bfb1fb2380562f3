/* Road to 300 in plain C: the reference for the fast bulk path's speed.
 *
 * Solo game, default options (the circled standing field may not be crossed,
 * entering a corner is the first step, a failed roll is rolled again, three in a
 * row end the game, the rulebook's final field), uniformly random player.
 *
 * Same rules, same algorithm and same random streams as
 * src/roadtrip/sim/fast_road_to_300: the fields each roll names tabulated and
 * walks enumerated once at start-up (self-
 * avoiding, orthogonal, exact length; for one start, length and end only the walks
 * whose mask contains no other's), SplitMix64 streams per game (dice: stream 1,
 * choices: stream 2 of (seed, index)), so both play the very same games and the
 * totals printed here equal the fast path's.
 *
 * Usage: road_to_300 GAMES [SEED]
 * Prints one line of JSON: games, seconds, games_per_second, total_score, wins, rounds.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CELLS 36
#define DICE 7
#define ROWS ((CELLS + 1) * DICE) /* row CELLS: entering on a corner */
#define MAX_WALKS 20000

static const int VALUES[CELLS] = {
    30, 25, 20, 20, 25, 30, 25, 15, 10, 10, 15, 25, 20, 10, 5, 5, 10, 20,
    20, 10, 5, 5, 10, 20, 25, 15, 10, 10, 15, 25, 30, 25, 20, 20, 25, 30};

static int walk_offset[ROWS + 1];
static int walk_end[MAX_WALKS];
static uint64_t walk_mask[MAX_WALKS];
static int walk_count;

/* ---------------------------------------------------------------- the walks */
static int found_end[4096];
static uint64_t found_mask[4096];
static int found;

static void extend(int start, int cell, uint64_t mask, int left) {
    static const int dc[4] = {0, 1, 0, -1}, dr[4] = {-1, 0, 1, 0};
    if (left == 0) {
        found_end[found] = cell;
        found_mask[found] = mask;
        found++;
        return;
    }
    for (int d = 0; d < 4; d++) {
        int c = cell % 6 + dc[d], r = cell / 6 + dr[d];
        if (c < 0 || c > 5 || r < 0 || r > 5) continue;
        int next = r * 6 + c;
        uint64_t bit = 1ULL << next;
        if (!(mask & bit) && next != start) extend(start, next, mask | bit, left - 1);
    }
}

/* Keep the walks whose mask contains no other kept walk's mask with the same end. */
static void keep_minimal(void) {
    for (int i = 0; i < found; i++) {
        int dominated = 0;
        for (int j = 0; j < found && !dominated; j++) {
            if (j == i || found_end[j] != found_end[i]) continue;
            if ((found_mask[j] & found_mask[i]) == found_mask[j] &&
                (found_mask[j] != found_mask[i] || j < i))
                dominated = 1;
        }
        if (!dominated) {
            walk_end[walk_count] = found_end[i];
            walk_mask[walk_count] = found_mask[i];
            walk_count++;
        }
    }
}

static void build_walks(void) {
    static const int corners[4] = {0, 5, 30, 35};
    walk_count = 0;
    for (int row = 0; row < ROWS; row++) {
        int start = row / DICE, steps = row % DICE;
        walk_offset[row] = walk_count;
        found = 0;
        if (start < CELLS) {
            extend(start, start, 0, steps);
        } else {
            for (int k = 0; k < 4; k++) {
                int before = found;
                extend(corners[k], corners[k], 0, steps);
                for (int i = before; i < found; i++) found_mask[i] |= 1ULL << corners[k];
            }
        }
        keep_minimal();
    }
    walk_offset[ROWS] = walk_count;
}

/* ------------------------------------------------------------- the rolls */
/* NAMED[a * 36 + b * 6 + c] (dice a, b, c as 0..5): the fields two of the dice name
 * (column, row), sorted, each once, with the third die to move. */
typedef struct { int count, cell[6], die[6]; } Named;
static Named NAMED[216];

static void build_rolls(void) {
    for (int t = 0; t < 216; t++) {
        int d[3] = {t / 36 + 1, t / 6 % 6 + 1, t % 6 + 1};
        Named *named = &NAMED[t];
        named->count = 0;
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                if (i == j) continue;
                int cell = (d[j] - 1) * 6 + (d[i] - 1), seen = 0;
                for (int k = 0; k < named->count; k++) seen |= named->cell[k] == cell;
                if (seen) continue;
                int at = named->count++;
                while (at > 0 && named->cell[at - 1] > cell) {
                    named->cell[at] = named->cell[at - 1];
                    named->die[at] = named->die[at - 1];
                    at--;
                }
                named->cell[at] = cell;
                named->die[at] = d[3 - i - j];
            }
    }
}

/* ------------------------------------------------------------- the streams */
static uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static uint64_t stream_start(uint64_t seed, uint64_t index, uint64_t salt) {
    return mix64(mix64(mix64(seed) ^ index) ^ salt);
}

static int below(uint64_t *state, int n) {
    uint64_t bound = (uint64_t)n, limit = (UINT64_MAX / bound) * bound;
    for (;;) {
        *state += 0x9E3779B97F4A7C15ULL;
        uint64_t draw = mix64(*state);
        if (draw < limit) return (int)(draw % bound);
    }
}

/* ---------------------------------------------------------------- one game */
typedef struct { int score, won, rounds; } Result;

static Result play(uint64_t seed, uint64_t index) {
    uint64_t dice_rng = stream_start(seed, index, 1), bot_rng = stream_start(seed, index, 2);
    uint64_t crossed = 0, circled = 0;
    int position = -1, rounds = 1;
    for (;;) {
        /* Step 1: roll until a field can be crossed; three failures end the game. */
        int cells[6], dies[6], options = 0, failed = 0;
        while (options == 0) {
            int a = below(&dice_rng, 6), b = below(&dice_rng, 6), c = below(&dice_rng, 6);
            const Named *named = &NAMED[a * 36 + b * 6 + c];
            uint64_t blocked = crossed | circled;
            for (int k = 0; k < named->count; k++) {
                if (blocked >> named->cell[k] & 1) continue;
                cells[options] = named->cell[k];
                dies[options] = named->die[k];
                options++;
            }
            if (options == 0 && ++failed >= 3) goto over;
        }
        /* Steps 2 and 3: cross a field, then the field we stand on. */
        int k = options == 1 ? 0 : below(&bot_rng, options);
        crossed |= 1ULL << cells[k];
        int row;
        if (position < 0) {
            row = CELLS * DICE + dies[k] - 1;
        } else {
            crossed |= 1ULL << position;
            row = position * DICE + dies[k];
        }
        /* Step 4: end the movement on a reachable field and circle it. */
        uint64_t blocked = crossed | circled, ends = 0;
        for (int w = walk_offset[row]; w < walk_offset[row + 1]; w++)
            if (!(walk_mask[w] & blocked)) ends |= 1ULL << walk_end[w];
        if (!ends) goto over;
        int count = __builtin_popcountll(ends);
        int pick = count == 1 ? 0 : below(&bot_rng, count);
        for (int cell = 0; cell < CELLS; cell++)
            if (ends >> cell & 1 && pick-- == 0) { position = cell; break; }
        circled |= 1ULL << position;
        rounds++;
    }
over:;
    Result result = {0, 0, rounds};
    uint64_t scored = crossed & circled;
    for (int cell = 0; cell < CELLS; cell++)
        if (scored >> cell & 1) result.score += VALUES[cell];
    result.won = result.score >= 300;
    return result;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s GAMES [SEED]\n", argv[0]);
        return 2;
    }
    long games = atol(argv[1]);
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    build_walks();
    build_rolls();
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    long long total = 0, rounds = 0;
    long wins = 0;
    for (long g = 0; g < games; g++) {
        Result r = play(seed, (uint64_t)g);
        total += r.score;
        wins += r.won;
        rounds += r.rounds;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("{\"games\": %ld, \"seconds\": %.6f, \"games_per_second\": %.1f, "
           "\"total_score\": %lld, \"wins\": %ld, \"rounds\": %lld}\n",
           games, seconds, games / seconds, total, wins, rounds);
    return 0;
}
