LeanPushEnrich.main()
