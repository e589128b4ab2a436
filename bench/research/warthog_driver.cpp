// Pathlab's driver for warthog-jps: times each query's whole `get_path` call.
//
//   warthog-driver ALG SCEN MAP      (ALG: jps, jps2, jps+ or jps2+)
//
// warthog's own app prints `search()`'s time inside get_path: it leaves out the problem's
// set-up and the path's extraction. Pathlab's bench (src/cli/benchmarks.rs) reads `Instant`
// before and after its whole query call (restart_search + run + its path). This driver reads
// `std::chrono::steady_clock` before and after the whole `get_path` call, the same span and
// kind of clock, and prints the app's columns (id alg expanded generated reopen surplus
// heapops nanos plen pcost scost map), `nanos` being that whole call, then two more:
// search_nanos (warthog's own figure, from the same run), the path cost and the scenario's
// length, both to 17 digits.
// It uses warthog-jps's public API only; scripts/bench-research.sh builds it beside warthog.
// <algorithm> first: jump_point_offline.h uses std::find_if without including it.
#include <algorithm>

#include <jps/jump/jump_point_offline.h>
#include <jps/jump/jump_point_online.h>
#include <jps/search/jps_expansion_policy.h>
#include <jps/search/jps_prune_expansion_policy.h>
#include <warthog/domain/gridmap.h>
#include <warthog/heuristic/octile_heuristic.h>
#include <warthog/search/unidirectional_search.h>
#include <warthog/util/pqueue.h>
#include <warthog/util/scenario_manager.h>

#include <chrono>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <string>

namespace
{
// Runs every query of the scenario on one map with one expansion policy.
template<typename Policy>
int
run(const std::string& alg, warthog::util::scenario_manager& scen, const std::string& map_file)
{
	warthog::domain::gridmap map(map_file.c_str());
	Policy expander(&map);
	warthog::heuristic::octile_heuristic heuristic(map.width(), map.height());
	warthog::util::pqueue_min open;
	warthog::search::unidirectional_search search(&heuristic, &expander, &open);

	std::cout << "id\talg\texpanded\tgenerated\treopen\tsurplus\theapops\tnanos\tplen\tpcost"
	          << "\tscost\tmap\tsearch_nanos\tpcost17\tscost17\n";
	for(unsigned int i = 0; i < scen.num_experiments(); i++)
	{
		warthog::util::experiment* exp = scen.get_experiment(i);
		warthog::search::problem_instance problem(
		    expander.get_pack(exp->startx(), exp->starty()),
		    expander.get_pack(exp->goalx(), exp->goaly()), false);
		warthog::search::search_parameters params;
		warthog::search::solution sol;

		auto started = std::chrono::steady_clock::now();
		search.get_path(&problem, &params, &sol);
		auto ended = std::chrono::steady_clock::now();
		long long nanos
		    = std::chrono::duration_cast<std::chrono::nanoseconds>(ended - started).count();

		std::cout << i << "\t" << alg << "\t" << sol.met_.nodes_expanded_ << "\t"
		          << sol.met_.nodes_generated_ << "\t" << sol.met_.nodes_reopen_ << "\t"
		          << sol.met_.nodes_surplus_ << "\t" << sol.met_.heap_ops_ << "\t" << nanos
		          << "\t" << (sol.path_.empty() ? 0 : sol.path_.size() - 1) << "\t"
		          << sol.sum_of_edge_costs_ << "\t" << exp->distance() << "\t"
		          << scen.last_file_loaded() << "\t" << sol.met_.time_elapsed_nano_.count()
		          << "\t" << std::setprecision(17) << sol.sum_of_edge_costs_ << "\t"
		          << exp->distance() << std::setprecision(6) << "\n";
	}
	return 0;
}
} // namespace

int
main(int argc, char** argv)
{
	if(argc != 4)
	{
		std::cerr << "usage: warthog-driver jps|jps2|jps+|jps2+ SCEN MAP\n";
		return 2;
	}
	std::string alg = argv[1];
	warthog::util::scenario_manager scen;
	scen.load_scenario(argv[2]);
	if(scen.num_experiments() == 0)
	{
		std::cerr << argv[2] << ": no queries\n";
		return 2;
	}
	using namespace jps::search;
	using online  = jps::jump::jump_point_online;
	using offline = jps::jump::jump_point_offline<>;
	if(alg == "jps") return run<jps_expansion_policy<online>>(alg, scen, argv[3]);
	if(alg == "jps2") return run<jps_prune_expansion_policy<online>>(alg, scen, argv[3]);
	if(alg == "jps+") return run<jps_expansion_policy<offline>>(alg, scen, argv[3]);
	if(alg == "jps2+") return run<jps_prune_expansion_policy<offline>>(alg, scen, argv[3]);
	std::cerr << "unknown algorithm: " << alg << "\n";
	return 2;
}
