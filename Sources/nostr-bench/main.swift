await Bench.main()
