//===- Report.cpp - one self-contained HTML report of several runs -------===//
//
// Everything is drawn here as SVG text: a line chart (S(t), ES(t)), a box
// plot of log2 speedups, and HTML tables. Scores come from computeScores, so
// the report and `gn-eval score` never disagree.
//
//===----------------------------------------------------------------------===//
#include "gn/Eval/Report.h"
#include "gn/Import/GraphNet/ShapeVariants.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

using namespace mlir::gn::eval;

namespace {

const char *const kColors[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                               "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};

const char *color(size_t i) { return kColors[i % (sizeof(kColors) / sizeof(kColors[0]))]; }

std::string num(double v, int precision = 3) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", precision, v);
  return buf;
}

std::string escape(const std::string &s) {
  std::string out;
  for (char c : s) {
    switch (c) {
    case '&': out += "&amp;"; break;
    case '<': out += "&lt;"; break;
    case '>': out += "&gt;"; break;
    case '"': out += "&quot;"; break;
    default: out += c;
    }
  }
  return out;
}

/// The last two path components ("timm/resnet18", "BlazeFace/subgraph_2").
std::string shortName(const std::string &sample) {
  std::string s = sample;
  while (s.size() > 1 && s.back() == '/')
    s.pop_back();
  size_t last = s.rfind('/');
  if (last == std::string::npos || last == 0)
    return s;
  size_t prev = s.rfind('/', last - 1);
  return prev == std::string::npos ? s : s.substr(prev + 1);
}

double niceCeil(double v) {
  if (v <= 0)
    return 1;
  double p = std::pow(10.0, std::floor(std::log10(v)));
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (m * p >= v)
      return m * p;
  return 10 * p;
}

struct Series {
  std::string name;
  std::vector<std::pair<int, double>> points;
};

/// A line chart of y over integer t, one polyline per series, y from 0.
std::string lineChart(const std::string &id, const std::string &title,
                      const std::vector<Series> &series, int tMin, int tMax) {
  const double W = 760, H = 380, L = 60, R = 190, T = 36, B = 46;
  double yMax = 1;
  for (const Series &s : series)
    for (auto [t, y] : s.points)
      yMax = std::max(yMax, y);
  yMax = niceCeil(yMax * 1.05);
  auto x = [&](double t) { return L + (t - tMin) / (tMax - tMin) * (W - L - R); };
  auto y = [&](double v) { return H - B - v / yMax * (H - T - B); };
  std::ostringstream o;
  o << "<svg id=\"" << id << "\" class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\""
    << W << "\" height=\"" << H << "\" viewBox=\"0 0 " << W << " " << H << "\">\n";
  o << "<text x=\"" << L << "\" y=\"20\" class=\"title\">" << escape(title) << "</text>\n";
  for (int i = 0; i <= 5; ++i) {
    double v = yMax * i / 5;
    o << "<line x1=\"" << L << "\" x2=\"" << W - R << "\" y1=\"" << y(v) << "\" y2=\"" << y(v)
      << "\" class=\"grid\"/><text x=\"" << L - 6 << "\" y=\"" << y(v) + 4
      << "\" class=\"ylabel\">" << num(v, 2) << "</text>\n";
  }
  for (int t = tMin; t <= tMax; ++t)
    o << "<text x=\"" << x(t) << "\" y=\"" << H - B + 16 << "\" class=\"xlabel\">" << t
      << "</text>\n";
  o << "<text x=\"" << (L + W - R) / 2 << "\" y=\"" << H - 8 << "\" class=\"xlabel\">tolerance t</text>\n";
  o << "<line x1=\"" << L << "\" x2=\"" << W - R << "\" y1=\"" << y(1) << "\" y2=\"" << y(1)
    << "\" class=\"unit\"/>\n";
  for (size_t i = 0; i < series.size(); ++i) {
    const Series &s = series[i];
    o << "<polyline class=\"curve\" data-run=\"" << escape(s.name) << "\" fill=\"none\" stroke=\""
      << color(i) << "\" stroke-width=\"2\" points=\"";
    for (auto [t, v] : s.points)
      o << num(x(t), 1) << "," << num(y(v), 1) << " ";
    o << "\"/>\n";
    for (auto [t, v] : s.points)
      o << "<circle cx=\"" << num(x(t), 1) << "\" cy=\"" << num(y(v), 1) << "\" r=\"2.5\" fill=\""
        << color(i) << "\"><title>" << escape(s.name) << " t=" << t << ": " << num(v, 4)
        << "</title></circle>\n";
    double ly = T + 14 + 20 * i;
    o << "<line x1=\"" << W - R + 14 << "\" x2=\"" << W - R + 38 << "\" y1=\"" << ly << "\" y2=\""
      << ly << "\" stroke=\"" << color(i) << "\" stroke-width=\"3\"/><text x=\"" << W - R + 44
      << "\" y=\"" << ly + 4 << "\" class=\"legend\">" << escape(s.name) << "</text>\n";
  }
  o << "</svg>\n";
  return o.str();
}

double quantile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  double pos = q * (v.size() - 1);
  size_t lo = static_cast<size_t>(pos), hi = std::min(lo + 1, v.size() - 1);
  return v[lo] + (v[hi] - v[lo]) * (pos - lo);
}

/// Horizontal box plots of log2(speedup), one row per run.
std::string boxPlot(const std::vector<std::pair<std::string, std::vector<double>>> &rows) {
  const double W = 760, rowH = 46, L = 170, R = 30, T = 36, B = 40;
  double H = T + B + rowH * std::max<size_t>(rows.size(), 1);
  double lo = -1, hi = 1;
  for (auto &[name, v] : rows)
    for (double d : v) {
      lo = std::min(lo, std::floor(d));
      hi = std::max(hi, std::ceil(d));
    }
  auto x = [&](double d) { return L + (d - lo) / (hi - lo) * (W - L - R); };
  std::ostringstream o;
  o << "<svg id=\"speedups\" class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" << W
    << "\" height=\"" << H << "\" viewBox=\"0 0 " << W << " " << H << "\">\n";
  o << "<text x=\"" << L << "\" y=\"20\" class=\"title\">log2 speedup over eager, samples that "
       "ran (box: quartiles, whiskers: 1.5 IQR)</text>\n";
  for (double d = lo; d <= hi; d += 1)
    o << "<line x1=\"" << x(d) << "\" x2=\"" << x(d) << "\" y1=\"" << T << "\" y2=\"" << H - B
      << "\" class=\"" << (d == 0 ? "unit" : "grid") << "\"/><text x=\"" << x(d) << "\" y=\""
      << H - B + 16 << "\" class=\"xlabel\">" << num(d, 0) << "</text>\n";
  for (size_t i = 0; i < rows.size(); ++i) {
    const auto &[name, v] = rows[i];
    double cy = T + rowH * i + rowH / 2;
    o << "<text x=\"" << L - 8 << "\" y=\"" << cy + 4 << "\" class=\"ylabel\">" << escape(name)
      << " (" << v.size() << ")</text>\n";
    if (v.empty())
      continue;
    double q1 = quantile(v, 0.25), q2 = quantile(v, 0.5), q3 = quantile(v, 0.75);
    double iqr = q3 - q1, wlo = q1, whi = q3;
    for (double d : v) {
      if (d >= q1 - 1.5 * iqr)
        wlo = std::min(wlo, d);
      if (d <= q3 + 1.5 * iqr)
        whi = std::max(whi, d);
    }
    o << "<g class=\"box\" data-run=\"" << escape(name) << "\" stroke=\"" << color(i) << "\">";
    o << "<line x1=\"" << x(wlo) << "\" x2=\"" << x(whi) << "\" y1=\"" << cy << "\" y2=\"" << cy
      << "\"/>";
    o << "<rect x=\"" << x(q1) << "\" y=\"" << cy - 12 << "\" width=\""
      << std::max(1.0, x(q3) - x(q1)) << "\" height=\"24\" fill=\"" << color(i)
      << "\" fill-opacity=\"0.25\"/>";
    o << "<line x1=\"" << x(q2) << "\" x2=\"" << x(q2) << "\" y1=\"" << cy - 12 << "\" y2=\""
      << cy + 12 << "\" stroke-width=\"3\"><title>median " << num(std::exp2(q2), 3)
      << "x</title></line>";
    for (double d : v)
      if (d < wlo || d > whi)
        o << "<circle cx=\"" << x(d) << "\" cy=\"" << cy << "\" r=\"2\" fill=\"" << color(i)
          << "\"/>";
    o << "</g>\n";
  }
  o << "</svg>\n";
  return o.str();
}

std::string statusText(const SampleRecord &r) { return statusName(r.status); }

/// Geometric mean of the speedups of the samples correct at t (0 if none).
double correctGeomean(const std::vector<SampleRecord> &rs, int t, size_t &count) {
  double sum = 0;
  count = 0;
  for (const SampleRecord &r : rs)
    if (r.status == Status::Ok && r.speedup && *r.speedup > 0 && isCorrectAt(r, t)) {
      sum += std::log(*r.speedup);
      ++count;
    }
  return count ? std::exp(sum / count) : 0;
}

/// The message's first line, numbers and paths kept (they tell cases apart).
std::string messageKey(const std::string &m) {
  std::string first = m.substr(0, m.find('\n'));
  return first.size() > 160 ? first.substr(0, 157) + "..." : first;
}

} // namespace

std::string mlir::gn::eval::sampleCategory(const std::string &sampleName) {
  namespace fs = std::filesystem;
  // A shape variant's record is its sample's.
  std::string samplePath;
  splitShapeVariantName(sampleName, samplePath);
  std::ifstream f(fs::path(samplePath) / "graph_net.json");
  if (f) {
    nlohmann::json j = nlohmann::json::parse(f, nullptr, false);
    if (j.is_object() && j.contains("heuristic_tag") && j["heuristic_tag"].is_string())
      return j["heuristic_tag"];
  }
  if (samplePath.find("PaddleNLP/") != std::string::npos)
    return "nlp";
  if (samplePath.find("PaddleX/") != std::string::npos)
    return "computer_vision";
  if (samplePath.find("PaddleScience/") != std::string::npos)
    return "science";
  return "untagged";
}

std::string mlir::gn::eval::renderReport(const std::vector<ReportRun> &runs,
                                         const ReportOptions &options) {
  const int t0 = options.tableT;
  std::ostringstream o;
  o << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>"
    << escape(options.title) << "</title>\n<style>\n"
    << "body{font-family:sans-serif;margin:24px;color:#222;max-width:1100px}\n"
    << "h1{font-size:22px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #ccc}\n"
    << "table{border-collapse:collapse;margin:8px 0;font-size:13px}\n"
    << "th,td{border:1px solid #ccc;padding:3px 8px;text-align:right}\n"
    << "th{background:#f3f3f3}td.l,th.l{text-align:left}\n"
    << ".chart{display:block;margin:8px 0}.title{font-size:14px;font-weight:bold}\n"
    << ".grid{stroke:#e5e5e5}.unit{stroke:#999;stroke-dasharray:4 3}\n"
    << ".xlabel{font-size:11px;text-anchor:middle}.ylabel{font-size:11px;text-anchor:end}\n"
    << ".legend{font-size:12px}.box line{stroke-width:1.5}\n"
    << "</style></head><body>\n<h1>" << escape(options.title) << "</h1>\n";

  // Summary.
  o << "<h2>Runs</h2>\n<table id=\"summary\"><tr><th class=\"l\">run</th><th>samples</th>"
    << "<th>ran</th><th>correct at t = " << t0 << "</th><th>eager errors</th>"
    << "<th>compile errors</th><th>runtime errors</th><th>geomean speedup (correct)</th>"
    << "<th>S(" << t0 << ")</th><th>S(0)</th><th>ES(3)</th></tr>\n";
  std::vector<Series> sCurves, esCurves;
  for (const ReportRun &run : runs) {
    auto rows = computeScores(run.records, options.score);
    Series s{run.name, {}}, es{run.name, {}};
    double sAt = 0, s0 = 0, es3 = 0;
    for (const ScoreRow &r : rows) {
      if (r.S)
        s.points.push_back({r.t, *r.S});
      es.points.push_back({r.t, r.ES});
      if (r.t == t0 && r.S)
        sAt = *r.S;
      if (r.t == 0 && r.S)
        s0 = *r.S;
      if (r.t == 3)
        es3 = r.ES;
    }
    sCurves.push_back(s);
    esCurves.push_back(es);
    size_t ran = 0, correct = 0, eager = 0, compile = 0, runtime = 0, n = 0;
    for (const SampleRecord &r : run.records) {
      ran += r.status == Status::Ok;
      correct += r.status == Status::Ok && isCorrectAt(r, t0);
      eager += r.status == Status::EagerError;
      compile += r.status == Status::CompileError;
      runtime += r.status == Status::RuntimeError;
    }
    double g = correctGeomean(run.records, t0, n);
    o << "<tr><td class=\"l\">" << escape(run.name) << "</td><td>" << run.records.size()
      << "</td><td>" << ran << "</td><td>" << correct << "</td><td>" << eager << "</td><td>"
      << compile << "</td><td>" << runtime << "</td><td>" << (n ? num(g) + "x" : "-")
      << "</td><td>" << num(sAt) << "</td><td>" << num(s0) << "</td><td>" << num(es3)
      << "</td></tr>\n";
  }
  o << "</table>\n";

  // ES(t) under GraphNet's mismatch_extended scheme too (4 error levels).
  ScoreOptions extended = options.score;
  parseScheme("mismatch_extended", extended);
  std::vector<Series> esExtended;
  for (const ReportRun &run : runs) {
    Series es{run.name, {}};
    for (const ScoreRow &r : computeScores(run.records, extended))
      es.points.push_back({r.t, r.ES});
    esExtended.push_back(es);
  }
  o << "<h2>S(t) and ES(t)</h2>\n"
    << lineChart("st", "S(t): speedup score (t <= 0)", sCurves, kMinT, 0)
    << lineChart("est", "ES(t): error-aware speedup score", esCurves, kMinT, kMaxScoredT)
    << lineChart("est-extended",
                 "ES(t), mismatch_extended scheme (accuracy 1, NaN/Inf/type/shape 2, runtime 3, "
                 "compile 4)",
                 esExtended, kMinT, extended.tMax);

  // GraphNet's channels: float32 as extracted, the dtype variants, shapes.
  o << "<h2>By channel</h2>\n<table id=\"channels\"><tr><th class=\"l\">run</th>"
    << "<th class=\"l\">channel</th><th>records</th><th>ran</th><th>correct at t = " << t0
    << "</th><th>mismatches (NaN, Inf, shape, type)</th><th>S(" << t0
    << ")</th><th>ES(1)</th><th>ES(1), mismatch_extended</th><th>programs per sample "
    << "(compiled once)</th></tr>\n";
  for (const ReportRun &run : runs) {
    std::map<std::string, std::vector<SampleRecord>> byChannel;
    for (const SampleRecord &r : run.records)
      byChannel[r.channel].push_back(r);
    for (const auto &[channel, rs] : byChannel) {
      size_t ran = 0, correct = 0, mismatches = 0;
      for (const SampleRecord &r : rs) {
        ran += r.status == Status::Ok;
        correct += r.status == Status::Ok && isCorrectAt(r, t0);
        mismatches += !r.mismatch.empty();
      }
      double sAt = 0, es1 = 0, es1x = 0;
      for (const ScoreRow &row : computeScores(rs, options.score)) {
        if (row.t == t0 && row.S)
          sAt = *row.S;
        if (row.t == 1)
          es1 = row.ES;
      }
      for (const ScoreRow &row : computeScores(rs, extended))
        if (row.t == 1)
          es1x = row.ES;
      o << "<tr><td class=\"l\">" << escape(run.name) << "</td><td class=\"l\">"
        << escape(channel) << "</td><td>" << rs.size() << "</td><td>" << ran << "</td><td>"
        << correct << "</td><td>" << mismatches << "</td><td>" << num(sAt) << "</td><td>"
        << num(es1) << "</td><td>" << num(es1x) << "</td><td>";
      // Shape variants: how many programs each sample's variants took.
      if (ProgramCount pc = programCount(rs); pc.samples)
        o << num(pc.meanCompiles) << " (" << pc.compiledOnce << " of " << pc.samples << ")";
      o << "</td></tr>\n";
    }
  }
  o << "</table>\n";

  std::vector<std::pair<std::string, std::vector<double>>> boxes;
  for (const ReportRun &run : runs) {
    std::vector<double> v;
    for (const SampleRecord &r : run.records)
      if (r.status == Status::Ok && r.speedup && *r.speedup > 0 && std::isfinite(*r.speedup))
        v.push_back(std::log2(*r.speedup));
    boxes.push_back({run.name, v});
  }
  o << "<h2>Speedup distribution</h2>\n" << boxPlot(boxes);

  // Categories: per run, samples / correct at t0 / geomean speedup.
  std::map<std::string, std::map<std::string, std::vector<SampleRecord>>> byCategory;
  for (const ReportRun &run : runs)
    for (const SampleRecord &r : run.records)
      byCategory[sampleCategory(r.sample)][run.name].push_back(r);
  o << "<h2>By category</h2>\n<table id=\"categories\"><tr><th class=\"l\">category</th>";
  for (const ReportRun &run : runs)
    o << "<th>" << escape(run.name) << ": samples / correct / geomean</th>";
  o << "</tr>\n";
  for (auto &[category, perRun] : byCategory) {
    o << "<tr><td class=\"l\">" << escape(category) << "</td>";
    for (const ReportRun &run : runs) {
      auto it = perRun.find(run.name);
      if (it == perRun.end()) {
        o << "<td>-</td>";
        continue;
      }
      size_t n = 0, correct = 0;
      for (const SampleRecord &r : it->second)
        correct += r.status == Status::Ok && isCorrectAt(r, t0);
      double g = correctGeomean(it->second, t0, n);
      o << "<td>" << it->second.size() << " / " << correct << " / " << (n ? num(g) + "x" : "-")
        << "</td>";
    }
    o << "</tr>\n";
  }
  o << "</table>\n";

  // Failures, grouped by class and message.
  o << "<h2>Failures</h2>\n<table id=\"failures\"><tr><th class=\"l\">run</th>"
    << "<th class=\"l\">class</th><th>samples</th><th class=\"l\">message</th>"
    << "<th class=\"l\">for example</th></tr>\n";
  size_t failureRows = 0;
  for (const ReportRun &run : runs) {
    std::map<std::pair<std::string, std::string>, std::vector<std::string>> groups;
    for (const SampleRecord &r : run.records) {
      std::string cls;
      if (r.status != Status::Ok)
        cls = statusText(r) + (r.errorClass.empty() ? "" : ": " + r.errorClass);
      else if (!isCorrectAt(r, t0))
        cls = "accuracy at t = " + std::to_string(t0);
      else
        continue;
      groups[{cls, messageKey(r.error)}].push_back(r.sample);
    }
    for (auto &[key, samples] : groups) {
      ++failureRows;
      o << "<tr><td class=\"l\">" << escape(run.name) << "</td><td class=\"l\">"
        << escape(key.first) << "</td><td>" << samples.size() << "</td><td class=\"l\">"
        << escape(key.second) << "</td><td class=\"l\">" << escape(shortName(samples.front()))
        << "</td></tr>\n";
    }
  }
  if (!failureRows)
    o << "<tr><td class=\"l\" colspan=\"5\">none</td></tr>\n";
  o << "</table>\n";

  // Slowest samples and longest compiles.
  o << "<h2>Slowest samples</h2>\n<table id=\"slowest\"><tr><th class=\"l\">run</th>"
    << "<th class=\"l\">sample</th><th>compiled ms</th><th>eager ms</th><th>speedup</th>"
    << "<th>compile s</th></tr>\n";
  for (const ReportRun &run : runs) {
    std::vector<const SampleRecord *> timed;
    for (const SampleRecord &r : run.records)
      if (r.compiledMs)
        timed.push_back(&r);
    std::sort(timed.begin(), timed.end(),
              [](auto *a, auto *b) { return *a->compiledMs > *b->compiledMs; });
    for (size_t i = 0; i < std::min<size_t>(10, timed.size()); ++i) {
      const SampleRecord &r = *timed[i];
      o << "<tr><td class=\"l\">" << escape(run.name) << "</td><td class=\"l\">"
        << escape(shortName(r.sample)) << "</td><td>" << num(*r.compiledMs) << "</td><td>"
        << (r.eagerMs ? num(*r.eagerMs) : "-") << "</td><td>"
        << (r.speedup ? num(*r.speedup) : "-") << "</td><td>"
        << (r.compileSeconds ? num(*r.compileSeconds) : "-") << "</td></tr>\n";
    }
  }
  o << "</table>\n<h2>Longest compiles</h2>\n<table id=\"compiles\"><tr><th class=\"l\">run</th>"
    << "<th class=\"l\">sample</th><th>compile s</th><th>status</th></tr>\n";
  size_t compileRows = 0;
  for (const ReportRun &run : runs) {
    std::vector<const SampleRecord *> compiled;
    for (const SampleRecord &r : run.records)
      if (r.compileSeconds)
        compiled.push_back(&r);
    std::sort(compiled.begin(), compiled.end(),
              [](auto *a, auto *b) { return *a->compileSeconds > *b->compileSeconds; });
    for (size_t i = 0; i < std::min<size_t>(10, compiled.size()); ++i, ++compileRows)
      o << "<tr><td class=\"l\">" << escape(run.name) << "</td><td class=\"l\">"
        << escape(shortName(compiled[i]->sample)) << "</td><td>"
        << num(*compiled[i]->compileSeconds) << "</td><td>" << statusText(*compiled[i])
        << "</td></tr>\n";
  }
  if (!compileRows) // GraphNet logs carry no compile time
    o << "<tr><td class=\"l\" colspan=\"4\">no compile times in these results</td></tr>\n";
  o << "</table>\n<p>S(t), ES(t): GraphNet's definitions (gn-eval score; p = "
    << num(options.score.p, 2) << ", b = " << num(options.score.b, 2) << ", errno rule "
    << (options.score.errnoRule == ScoreOptions::ErrnoRule::Report ? "report" : "code")
    << ").</p>\n</body></html>\n";
  return o.str();
}
