<?php
// sabre/vobject's own validation of vCard files, one JSON object per line on standard output:
//   {"file":"a.vcf","card":2,"level":1,"message":"The FN property must appear …","after":null,
//    "version":"2.1","repaired":true}
// one line per finding, and one {"file":…,"cards":N} line per file. `card` is 1-based in the file,
// counted as vcardtool counts cards: BEGIN:VCARD at nesting depth 0 (a nested AGENT card is part
// of its parent), after dropping a UTF-8 byte-order mark at the start (as vcardtool reads it;
// sabre would fail the first card on it). Each card goes through Sabre\VObject\Reader::read and $card->validate() as
// Debian's vobjectvalidate does, then validate(Node::REPAIR) on a second copy: "repaired" tells
// whether sabre's repair leaves the card without findings. A card Reader::read refuses is one
// finding of level "parse" with the ParseException's message; for "line N did not follow the …
// format", "after" is the line before it (property name and parameters, " … ", its last two
// characters), which says why sabre stopped there (a quoted-printable soft line break…).
//
//   php scripts/interop/sabre_validate.php FILE...

require_once 'Sabre/VObject/autoload.php';  // Debian's php-sabre-vobject

use Sabre\VObject\Node;
use Sabre\VObject\ParseException;
use Sabre\VObject\Reader;

/** The cards of $bytes as strings, split at BEGIN:VCARD/END:VCARD of depth 0. */
function cards(string $bytes): array {
    $bytes = preg_replace('/^\xEF\xBB\xBF/', '', $bytes);
    $cards = [];
    $current = null;
    $depth = 0;
    foreach (preg_split('/\r\n|\r|\n/', $bytes) as $line) {
        $upper = strtoupper(rtrim($line));
        if ($upper === 'BEGIN:VCARD') {
            if ($depth === 0) $current = '';
            $depth++;
        }
        if ($current !== null) $current .= $line . "\r\n";
        if ($upper === 'END:VCARD' && $depth > 0) {
            $depth--;
            if ($depth === 0) {
                $cards[] = $current;
                $current = null;
            }
        }
    }
    if ($current !== null) $cards[] = $current;  // a card without END: sabre's parse error
    return $cards;
}

/** The lines of $text as Reader::read unfolds them (CR and empty lines dropped). */
function unfolded(string $text): array {
    $lines = [];
    foreach (explode("\n", str_replace(["\r", "\n\n"], ["\n", "\n"], $text)) as $line) {
        if ($line === '') continue;
        if ($line[0] === ' ' || $line[0] === "\t") $lines[count($lines) - 1] .= substr($line, 1);
        else $lines[] = $line;
    }
    return $lines;
}

/** For "line N did not follow the … format": [': ' and that line, the line before as "after"]. */
function offending(string $text, string $message): array {
    if (!preg_match('/line (\d+) did not/', $message, $m)) return ['', null];
    $lines = unfolded($text);
    $before = $lines[(int) $m[1] - 2] ?? '';
    $head = strstr($before, ':', true);
    return [': ' . substr($lines[(int) $m[1] - 1] ?? '', 0, 60), ($head === false ? $before : $head) . ' … ' . substr($before, -2)];
}

/** sabre's findings on $text: [level, message, after] triples, and whether REPAIR leaves none. */
function findings(string $text): array {
    try {
        $card = Reader::read($text);
    } catch (ParseException $e) {
        [$line, $after] = offending($text, $e->getMessage());
        return [[['parse', $e->getMessage() . $line, $after]], false];
    }
    if ($card->name !== 'VCARD') return [[['parse', 'not a VCARD: ' . $card->name, null]], false];
    $found = array_map(fn ($w) => [$w['level'], $w['message'], null], $card->validate());
    if (!$found) return [[], true];
    $copy = Reader::read($text);
    $copy->validate(Node::REPAIR);
    return [$found, count($copy->validate()) === 0];
}

foreach (array_slice($argv, 1) as $path) {
    $cards = cards(file_get_contents($path));
    echo json_encode(['file' => $path, 'cards' => count($cards)]), "\n";
    foreach ($cards as $i => $text) {
        [$found, $repaired] = findings($text);
        $version = preg_match('/^VERSION:(.*?)\s*$/mi', $text, $m) ? $m[1] : null;
        foreach ($found as [$level, $message, $after]) {
            $line = ['file' => $path, 'card' => $i + 1, 'level' => $level, 'message' => $message, 'after' => $after, 'version' => $version, 'repaired' => $repaired];
            echo json_encode($line, JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE), "\n";
        }
    }
}
