// What the native Box2D harnesses share (box2d-casts.c, box2d-segments.c, box2d-manifolds.c): the
// clock, reading numbers from a case file, failing with a message, the timing of one case's passes
// and main()'s loop over the case files (benchMain). A harness defines BENCH_NAME (its name in
// messages) before including this.
#ifndef BENCH_TIMING_H
#define BENCH_TIMING_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum
{
	SAMPLES = 7,
};

static volatile float sink;

static double now( void )
{
	struct timespec ts;
	clock_gettime( CLOCK_MONOTONIC, &ts );
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void fail( const char* what, const char* where )
{
	fprintf( stderr, "%s: %s: %s\n", BENCH_NAME, where, what );
	exit( 2 );
}

static double number( char** p, const char* file )
{
	char* end;
	double v = strtod( *p, &end );
	if ( end == *p )
		fail( "expected a number", file );
	*p = end;
	return v;
}

// Opens a case file and reads its first line (the header) into `line`, without its line end.
static FILE* openCase( const char* file, char* line, int size )
{
	FILE* f = fopen( file, "r" );
	if ( !f )
		fail( "cannot open", file );
	if ( !fgets( line, size, f ) )
		fail( "empty file", file );
	line[strcspn( line, "\r\n" )] = 0;
	return f;
}

static int ascending( const void* a, const void* b )
{
	double x = *(const double*)a, y = *(const double*)b;
	return ( x > y ) - ( x < y );
}

// One pass over a case's `n` calls: a sum that keeps the calls from being optimised away, and the
// number of hits in `hits`.
typedef float ( *BenchPass )( const void* c, int* hits );

// Times `pass` on a case of `n` calls: warms up while finding how many passes fill `target`
// seconds, then takes SAMPLES samples of that many; the median and the fastest, in ns a call.
static void timePasses( BenchPass pass, const void* c, int n, double target, double* median, double* fastest, int* hits )
{
	float acc = 0.0f;
	long reps = 1;
	for ( ;; )
	{
		double t0 = now();
		for ( long r = 0; r < reps; ++r )
			acc += pass( c, hits );
		double dt = now() - t0;
		if ( dt > target / 4 )
		{
			reps = (long)ceil( (double)reps * target / dt );
			break;
		}
		reps *= 2;
	}
	double ns[SAMPLES];
	for ( int s = 0; s < SAMPLES; ++s )
	{
		double t0 = now();
		for ( long r = 0; r < reps; ++r )
			acc += pass( c, hits );
		ns[s] = ( now() - t0 ) * 1e9 / ( (double)reps * n );
	}
	sink = acc;
	qsort( ns, SAMPLES, sizeof ns[0], ascending );
	*median = ns[SAMPLES / 2];
	*fastest = ns[0];
}

// What a harness hands benchMain: the size of its case, and how to load a case file into one
// (returning its number of calls), print the fields that name it on its line of timings, print
// its answers (NULL: the harness has no --answers), time one pass, and free what load took.
typedef struct BenchHarness
{
	size_t caseSize;
	int ( *load )( void* c, const char* file );
	void ( *name )( const void* c );
	void ( *answers )( const void* c );
	BenchPass pass;
	void ( *release )( void* c );
} BenchHarness;

// A harness's main(): `[--quick] [--answers] FILE...`, the options applying to the files after
// them. Per file, its name's fields then the median ns a call, the fastest and the hits,
// tab-separated; with --answers, untimed, what the harness's answers print.
static int benchMain( int argc, char** argv, const BenchHarness* h )
{
	double target = 0.25; // seconds a sample
	int answersOnly = 0;
	void* c = malloc( h->caseSize );
	if ( !c )
		fail( "out of memory", "main" );
	for ( int a = 1; a < argc; ++a )
	{
		if ( strcmp( argv[a], "--quick" ) == 0 )
		{
			target = 0.02;
			continue;
		}
		if ( h->answers && strcmp( argv[a], "--answers" ) == 0 )
		{
			answersOnly = 1;
			continue;
		}
		int n = h->load( c, argv[a] );
		if ( n == 0 )
			fail( "no pairs", argv[a] );
		if ( answersOnly )
			h->answers( c );
		else
		{
			int hits = 0;
			double median, fastest;
			timePasses( h->pass, c, n, target, &median, &fastest, &hits );
			h->name( c );
			printf( "\t%.1f\t%.1f\t%d\n", median, fastest, hits );
			fflush( stdout );
		}
		h->release( c );
	}
	free( c );
	return 0;
}

#endif
