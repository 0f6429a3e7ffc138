await LeanPushEnrich.main()
